// Builds dist/ (ESM + declarations) and bundles the contract's generated types into it, so the published
// package does not reach outside itself. Usage: npm run build -w sdk-client
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const pkg = resolve(import.meta.dirname, "..");
const dist = join(pkg, "dist");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", join(pkg, "tsconfig.build.json")], { stdio: "inherit" });

mkdirSync(join(dist, "generated"), { recursive: true });
copyFileSync(join(pkg, "..", "generated", "api.d.ts"), join(dist, "generated", "api.d.ts"));
const entry = join(dist, "generated.d.ts");
writeFileSync(entry, readFileSync(entry, "utf8").replace("../../generated/api.d.ts", "./generated/api.js"));

// Nothing in dist may still point outside the package.
for (const file of readdirSync(dist, { recursive: true })) {
  const path = join(dist, String(file));
  if (!/\.(js|ts)$/.test(path)) continue;
  if (readFileSync(path, "utf8").includes("../../generated")) throw new Error(`${path} still imports ../../generated`);
}
