// Builds the developer portal (portal/dist) when it is missing or older than its sources, so that
// `npm ci && npm start` serves it on a fresh clone and a current build is not redone (fast starts).
// Usage: node scripts/build-portal.mjs [--force]
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const portal = resolve(import.meta.dirname, "../portal");
const built = join(portal, "dist/index.html");

function newestSource() {
  const files = [
    "index.html",
    "vite.config.ts",
    "package.json",
    ...readdirSync(join(portal, "src"), { recursive: true }).map((f) => join("src", String(f))),
  ];
  return Math.max(...files.map((f) => statSync(join(portal, f)).mtimeMs));
}

if (process.argv.includes("--force") || !existsSync(built) || statSync(built).mtimeMs < newestSource()) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(npm, ["run", "build", "-w", "portal", "--silent"], { cwd: resolve(portal, ".."), stdio: "inherit" });
}
