// `npm run contract:check` must catch a hand edit of generated/. Run on a copy of the repo's contract
// pipeline in a temp folder, so the real tree is never touched.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
let copy: string;

const check = () => spawnSync(process.execPath, ["scripts/contract-check.mjs"], { cwd: copy, encoding: "utf8" });

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "parley-contract-"));
  for (const entry of ["spec", "scripts", "generated", "redocly.yaml"]) cpSync(join(root, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  // Regenerate in the copy first, so the test does not depend on the working tree being freshly generated.
  execFileSync(process.execPath, ["scripts/gen.mjs", "generated"], { cwd: copy, stdio: "ignore" });
}, 120_000);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("contract:check", { timeout: 120_000 }, () => {
  it("passes when generated/ is what spec/ produces", () => {
    const run = check();
    expect(run.stdout).toContain("contract:check: generated/ matches spec/");
    expect(run.status).toBe(0);
  });

  it("fails, naming the file, when generated/openapi.yaml is edited by hand", () => {
    appendFileSync(join(copy, "generated/openapi.yaml"), "# a hand edit\n");
    const run = check();
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/generated\/openapi\.yaml differ from spec\/\. Run `npm run gen`/);
  });
});
