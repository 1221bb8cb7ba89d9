// Fails when a file of the tree cites a document a clone does not have: a section of the contract decisions or of
// the service specification by number, or an issue by number. The rules those stood for live in spec/ (the API)
// and docs/ (everything else); a comment points there, or states its reason itself.
// Usage: node scripts/check-references.mjs [root]   (default: the repository; part of `npm test`)
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(process.argv[2] ?? join(import.meta.dirname, ".."));

/** What counts as a citation of an outside document; each with the words a finding names it by. */
const CITATIONS = [
  { what: "a contract section", re: /\bcontract\s*§?\s*\d+[a-z]?\b/gi },
  { what: "a specification section", re: /\bspec(?:'s|ification)?\s+(?:rules?\s+|§\s*)?\d+(?:\.\d+)*\b/gi },
  { what: "an issue number", re: /\bissues?\s*#?\s*\d+/gi },
  { what: "an issue number", re: /(?<![\w&/#])#\d{1,3}(?![\w-])/g },
];

/** Files that are not ours to word (licences, third-party patches, lock files) or not text. */
const SKIP = [/(^|\/)LICENSE$/, /^patches\//, /(^|\/)package-lock\.json$/, /\.(png|jpe?g|gif|ico|woff2?|gz|tgz|wasm)$/];

function files() {
  try {
    const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return out.split("\0").filter(Boolean);
  } catch {
    const found = [];
    const walk = (dir) => {
      for (const name of readdirSync(dir)) {
        if (name === "node_modules" || name === ".git") continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else found.push(relative(root, path));
      }
    };
    walk(root);
    return found;
  }
}

const findings = [];
for (const file of files()) {
  if (SKIP.some((re) => re.test(file))) continue;
  let text;
  try {
    text = readFileSync(join(root, file), "utf8");
  } catch {
    continue; // listed by git but gone from the work tree
  }
  if (text.includes("\0")) continue;
  text.split("\n").forEach((line, i) => {
    for (const { what, re } of CITATIONS)
      for (const m of line.matchAll(re)) findings.push(`${file}:${i + 1}: ${what} ("${m[0]}"): ${line.trim().slice(0, 160)}`);
  });
}

if (findings.length) {
  console.error(findings.join("\n"));
  console.error(
    `check:references: ${findings.length} reference(s) to documents outside the repository. State the rule in spec/ or docs/ ` +
      "and point there, or say the reason in the comment itself.",
  );
  process.exit(1);
}
console.log("check:references: no references to documents outside the repository");
