// The static checks of `npm test`, two at a time (this is a 2-core CI box; each check is one process): formatting,
// lint, dead code, the contract, references, types and the packages. Each check's output is printed whole when
// it ends, so parallel runs never interleave; the run fails if any check does. Usage: node scripts/check.mjs
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

// Longest first, so the two lanes end together.
const CHECKS = ["lint", "check:packages", "typecheck", "format:check", "contract:check", "check:references", "knip"];
const lanes = Math.max(1, Math.min(2, availableParallelism()));

function run(script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? "✓" : "✗"} ${script} (${seconds} s)\n${code === 0 ? "" : output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...CHECKS];
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    let ok = true;
    for (let script = queue.shift(); script; script = queue.shift()) ok = (await run(script)) && ok;
    return ok;
  }),
);
if (results.includes(false)) process.exit(1);
