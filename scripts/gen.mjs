// Compiles spec/ (TypeSpec) into <out>/openapi.yaml and <out>/api.d.ts.
// Usage: node scripts/gen.mjs <out-dir>   (npm run gen writes generated/)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { parse } from "yaml";

const root = resolve(import.meta.dirname, "..");
const out = resolve(root, process.argv[2] ?? "generated");
const header = "# Generated from spec/ by `npm run gen`. Do not edit by hand.\n";
const tsHeader = "// Generated from spec/ by `npm run gen`. Do not edit by hand.\n";

/**
 * TypeSpec writes maps (`Record<T>`) as OpenAPI 3.1 `unevaluatedProperties`, which openapi-typescript does not
 * read (it types them `Record<string, never>`). For the TypeScript types only, the same schema is restated as
 * `additionalProperties`; the published document is left as TypeSpec wrote it.
 */
function forTypes(node) {
  if (Array.isArray(node)) return node.map(forTypes);
  if (!node || typeof node !== "object") return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, forTypes(v)]));
  if ("unevaluatedProperties" in out && !("additionalProperties" in out)) out.additionalProperties = out.unevaluatedProperties;
  return out;
}

const work = mkdtempSync(join(tmpdir(), "tsp-"));
try {
  execFileSync(
    process.execPath,
    [join(root, "node_modules/@typespec/compiler/cmd/tsp.js"), "compile", "spec/main.tsp",
      "--config", "spec/tspconfig.yaml", "--output-dir", work, "--warn-as-error"],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  const yaml = readFileSync(join(work, "openapi.yaml"), "utf8");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "openapi.yaml"), header + yaml);
  const ast = await openapiTS(forTypes(parse(yaml)), { alphabetize: false, exportType: true });
  writeFileSync(join(out, "api.d.ts"), tsHeader + astToString(ast));
} finally {
  rmSync(work, { recursive: true, force: true });
}
