// Compiles spec/ (TypeSpec) into <out>/openapi.yaml, <out>/api.d.ts (types) and <out>/enums.ts (the values of
// every string enum of components.schemas, for code that lists them at run time).
// Usage: node scripts/gen.mjs <out-dir>   (npm run gen writes generated/)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { parse, stringify } from "yaml";

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

/**
 * One `export const <Name>Values` per string enum schema (named by the schema's last segment; two enums with the
 * same last segment stop the generation), each checked against its generated type.
 */
function enumsModule(doc) {
  const lines = [tsHeader.trimEnd(), 'import type { components } from "./api.d.ts";', "", 'type S = components["schemas"];'];
  const seen = new Map();
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (schema.type !== "string" || !Array.isArray(schema.enum)) continue;
    const short = name.split(".").at(-1);
    if (seen.has(short)) throw new Error(`gen: enums ${seen.get(short)} and ${name} share the name ${short}`);
    seen.set(short, name);
    lines.push("", `/** \`${name}\`${schema.description ? `: ${schema.description.replace(/\*\//g, "*\\/")}` : ""} */`);
    lines.push(`export type ${short} = S[${JSON.stringify(name)}];`);
    lines.push(`export const ${short}Values = ${JSON.stringify(schema.enum)} as const satisfies readonly ${short}[];`);
  }
  return lines.join("\n") + "\n";
}

/**
 * Open operations are declared in interfaces named `Public…` (no `@useAuth`); every other interface carries its
 * area's `@useAuth`. TypeSpec leaves an open operation's `security` out, which readers (and `redocly lint`) cannot
 * tell from "forgotten", so it is stated as `security: []`, the document's one edit. An operation outside a
 * `Public…` interface without `security`, or inside one with it, stops the generation: the interface names what
 * the operation needs.
 */
function openSecurity(text) {
  const doc = parse(text);
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const open = /^Public[A-Za-z0-9]*_/.test(op.operationId ?? "");
      if (open !== !op.security)
        throw new Error(
          `gen: ${method.toUpperCase()} ${path} (${op.operationId}) ${open ? "is in a Public… interface but has @useAuth" : "has no @useAuth outside a Public… interface"}`,
        );
      if (open) op.security = [];
    }
  return stringify(doc, { lineWidth: 0, singleQuote: true });
}
const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);

const work = mkdtempSync(join(tmpdir(), "tsp-"));
try {
  execFileSync(
    process.execPath,
    [
      join(root, "node_modules/@typespec/compiler/cmd/tsp.js"),
      "compile",
      "spec/main.tsp",
      "--config",
      "spec/tspconfig.yaml",
      "--output-dir",
      work,
      "--warn-as-error",
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  const yaml = openSecurity(readFileSync(join(work, "openapi.yaml"), "utf8"));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "openapi.yaml"), header + yaml);
  const doc = parse(yaml);
  // defaultNonNullable off: a field the server defaults (`visibility`, a command's `options`, an option's
  // `required`) stays optional in the types, as it is on the wire.
  const ast = await openapiTS(forTypes(doc), { alphabetize: false, exportType: true, defaultNonNullable: false });
  writeFileSync(join(out, "api.d.ts"), tsHeader + astToString(ast));
  writeFileSync(join(out, "enums.ts"), enumsModule(doc));
} finally {
  rmSync(work, { recursive: true, force: true });
}
