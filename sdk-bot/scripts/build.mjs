// Builds dist/: ESM + declarations from src/, with the contract's generated types bundled in, so the published
// package needs nothing outside itself. Run by `npm run build -w sdk-bot`.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });

// src/api-types.ts re-exports ../../generated/api.d.ts; the package carries its own copy instead.
mkdirSync(join(dist, "generated"), { recursive: true });
copyFileSync(join(root, "..", "generated", "api.d.ts"), join(dist, "generated", "api.d.ts"));
const typesFile = join(dist, "api-types.d.ts");
const text = readFileSync(typesFile, "utf8");
const rewritten = text.replace(/["'](?:\.\.\/)+generated\/api\.d\.ts["']/, '"./generated/api.js"');
if (rewritten === text) throw new Error(`build: no generated import to rewrite in ${typesFile}`);
writeFileSync(typesFile, rewritten);

// tsc rewrites `.ts` specifiers in the JavaScript only; declarations get the same `.js` specifiers, which every
// consumer's resolver understands.
for (const entry of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
  if (!entry.endsWith(".d.ts") || entry.startsWith("generated")) continue;
  const file = join(dist, entry);
  writeFileSync(file, readFileSync(file, "utf8").replace(/(from\s+["']\.{1,2}\/[^"']+)\.ts(["'])/g, "$1.js$2"));
}
