// JavaScript runtimes from the npm registry, installed once per version into the user's cache folder
// ($XDG_CACHE_HOME or ~/.cache, parley-runtimes/<package>@<version>) and reused by every later run.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const RUNTIME_CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "parley-runtimes");

/** Installs `pkg@version` unless the cache has it; answers the folder whose node_modules holds it. */
export async function installRuntime(pkg: string, version: string): Promise<string> {
  const dir = join(RUNTIME_CACHE, `${pkg}@${version}`);
  if (existsSync(join(dir, ".installed"))) return dir;
  // A half-finished install (an interrupted run) never counts: install beside, then move into place.
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, "package.json"), JSON.stringify({ private: true }));
  await run("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--loglevel=error", `${pkg}@${version}`], {
    cwd: tmp,
    maxBuffer: 16 * 1024 * 1024,
  });
  writeFileSync(join(tmp, ".installed"), `${pkg}@${version}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}

/** The `node` binary of one Node.js version (packages node-<platform>-<arch>). */
export async function nodeBinary(version: string): Promise<string> {
  const pkg = `node-${process.platform}-${process.arch}`;
  return join(await installRuntime(pkg, version), "node_modules", pkg, "bin", "node");
}

/** The executable a runtime package links in node_modules/.bin (bun, deno, workerd). */
export async function runtimeBinary(pkg: "bun" | "deno" | "workerd", version: string): Promise<string> {
  return join(await installRuntime(pkg, version), "node_modules", ".bin", pkg);
}
