// Fails when generated/ differs from what spec/ produces (someone edited it by hand, or forgot `npm run gen`).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const tmp = mkdtempSync(join(tmpdir(), "contract-"));
try {
  execFileSync(process.execPath, [join(root, "scripts/gen.mjs"), tmp], { stdio: "inherit" });
  const stale = [];
  for (const name of readdirSync(tmp)) {
    const committed = join(root, "generated", name);
    if (!existsSync(committed) || readFileSync(committed, "utf8") !== readFileSync(join(tmp, name), "utf8")) stale.push(name);
  }
  if (stale.length) {
    console.error(`contract:check: generated/${stale.join(", generated/")} differ from spec/. Run \`npm run gen\` and commit.`);
    process.exit(1);
  }
  console.log("contract:check: generated/ matches spec/");
  // The document is clean by the field's own linter (redocly.yaml: recommended rules, exceptions justified there).
  const { lint, loadConfig } = await import("@redocly/openapi-core");
  const config = await loadConfig({ configPath: join(root, "redocly.yaml") });
  const problems = await lint({ ref: join(root, "generated", "openapi.yaml"), config });
  for (const p of problems) console.error(`redocly ${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ""})`);
  if (problems.some((p) => p.severity === "error")) {
    console.error("contract:check: generated/openapi.yaml fails redocly lint");
    process.exitCode = 1;
  } else console.log(`contract:check: redocly lint passes (${problems.length} warnings)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
