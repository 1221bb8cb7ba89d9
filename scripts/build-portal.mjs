// Builds the developer portal (portal/dist) when it is missing, so `npm ci && npm start` serves it on a fresh
// clone; an existing build is kept (rebuild with `npm run build -w portal`). Usage: node scripts/build-portal.mjs [--force]
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const force = process.argv.includes("--force");
if (force || !existsSync(resolve(root, "portal/dist/index.html"))) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(npm, ["run", "build", "-w", "portal", "--silent"], { cwd: root, stdio: "inherit" });
}
