// `npm run check:references` must catch a comment or a doc that cites a document outside the repository (a section
// of the contract decisions or of the specification by number, an issue number), and leave ordinary text alone.
// Run on small trees in a temp folder (not a git checkout, so the script walks the folder).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = resolve(import.meta.dirname, "../scripts/check-references.mjs");
const trees: string[] = [];

/** A tree with the given files; the citations are assembled here so that this file does not hold one itself. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "parley-refs-"));
  trees.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const check = (dir: string) => spawnSync(process.execPath, [script, dir], { encoding: "utf8" });

afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("check:references", () => {
  it("passes on comments that point into the repository or state their reason", () => {
    const run = check(
      tree({
        "server/a.ts": "// Fails closed (docs/limits.md#fail-closed), like every limit. See spec/main.tsp.\nconst spec = 1;\n",
        "docs/b.md": "The contract's types come from `spec/`. RFC 6238 §5.2 says a code counts once. Version 1.2.\n",
        "portal/c.css": "a { color: #333333; }\n",
        "bench/d.ts": 'const label = "before #5000";\n',
      }),
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it.each([
    ["a contract section", ["CON", "TRACT 6"].join("")],
    ["a contract section", ["Con", "tract 8b"].join("")],
    ["a specification section", ["sp", "ec 8 rule 4"].join("")],
    ["a specification section", ["Sp", "ec 4.8"].join("")],
    ["a specification section", ["sp", "ec rules 1–3"].join("")],
    ["an issue number", ["iss", "ue 17 item 6"].join("")],
    ["an issue number", ["Iss", "ues 19, 20"].join("")],
    ["an issue number", ["fixed in (#", "28)"].join("")],
  ])("fails on %s: %s", (what, citation) => {
    const run = check(tree({ "server/src/x.ts": `const a = 1;\n// Why (${citation}).\n`, "README.md": "# Parley\n" }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`server/src/x.ts:2: ${what}`);
  });

  it("reads docs and generated files too, and skips licences and third-party patches", () => {
    const citation = ["CON", "TRACT 12"].join("");
    const run = check(
      tree({
        "docs/e2e.md": `Welcomes (${citation}).\n`,
        "generated/openapi.yaml": `description: A row (${citation}).\n`,
        LICENSE: `IN AN ACTION OF ${citation}\n`,
        "patches/x.patch": `+ // ${citation}\n`,
      }),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("docs/e2e.md:1");
    expect(run.stderr).toContain("generated/openapi.yaml:1");
    expect(run.stderr).not.toContain("LICENSE");
    expect(run.stderr).not.toContain("patches/");
  });
});
