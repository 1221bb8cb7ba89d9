// `--flag value`, `--switch` and `key=value` arguments, the rest positional.
export interface Args {
  positional: string[];
  flags: Map<string, string | true>;
  pairs: Map<string, string>;
}

export function parseArgs(argv: string[]): Args {
  const out: Args = { positional: [], flags: new Map(), pairs: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("--")) {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith("--")) out.flags.set(a.slice(2), (i++, next));
      else out.flags.set(a.slice(2), true);
    } else if (/^[a-z0-9_-]+=/.test(a)) {
      const at = a.indexOf("=");
      out.pairs.set(a.slice(0, at), a.slice(at + 1));
    } else out.positional.push(a);
  }
  return out;
}

/** A command option value typed as the user most likely meant it: numbers and booleans as such, else text. */
export function optionValue(text: string): string | number | boolean {
  if (text === "true" || text === "false") return text === "true";
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}
