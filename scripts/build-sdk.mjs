// Builds an SDK workspace's dist/ (ESM + declarations) with everything it imports from the repository bundled in:
// its own src/, and the modules it shares with the server (generated/enums.ts, command-rules/). tsc compiles from
// the repository root, so dist/ mirrors it: dist/<sdk>/src/index.js, dist/generated/…, dist/command-rules/…; the
// published package needs nothing outside itself. Usage: node ../scripts/build-sdk.mjs (from the SDK's folder).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";

const pkg = resolve(process.argv[2] ?? process.cwd());
const root = resolve(import.meta.dirname, "..");
const dist = join(pkg, "dist");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", join(pkg, "tsconfig.build.json")], { stdio: "inherit" });

// Types-only files are not emitted by tsc: the contract's declarations are copied beside the compiled enums.
mkdirSync(join(dist, "generated"), { recursive: true });
copyFileSync(join(root, "generated", "api.d.ts"), join(dist, "generated", "api.d.ts"));

// tsc rewrites `.ts` specifiers in the JavaScript only; declarations get the `.js` ones every resolver understands
// (`api.d.ts` → `api.js`, which resolves to the copied api.d.ts).
const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).map((f) => join(dist, f));
for (const file of files.filter((f) => f.endsWith(".d.ts"))) {
  writeFileSync(file, readFileSync(file, "utf8").replace(/(from\s+["']\.{1,2}\/[^"']+?)(?:\.d)?\.ts(["'])/g, "$1.js$2"));
}

// Nothing in dist may point outside it.
for (const file of files.filter((f) => /\.(js|ts)$/.test(f))) {
  for (const [, spec] of readFileSync(file, "utf8").matchAll(/from\s+["'](\.{1,2}\/[^"']+)["']/g)) {
    const target = resolve(file, "..", spec);
    if (relative(dist, target).startsWith("..")) throw new Error(`build: ${relative(pkg, file)} imports ${spec}, outside dist/`);
    if (!existsSync(target) && !existsSync(target.replace(/\.js$/, ".d.ts")))
      throw new Error(`build: ${relative(pkg, file)} imports ${spec}, which is not in dist/`);
  }
}
