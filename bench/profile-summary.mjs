// Summarises a .cpuprofile (node --cpu-prof) by where the time went: self time per package / area, in % of the
// busy (non-idle) time, plus the top self-time functions. Usage: node bench/profile-summary.mjs <file> [top=25]
// (PROFILE_WINDOW_S: only the busiest window of that many seconds, e.g. the measured load of a whole-process profile.)
// Two profiles side by side, per request: bench/profile-diff.mjs.
import { area, functionKey, readProfile } from "./profile-read.mjs";

const [file, topArg] = process.argv.slice(2);
const { prof, byId, self, isIdle } = readProfile(file, Number(process.env.PROFILE_WINDOW_S ?? 0));

const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => isIdle(byId.get(id))).reduce((a, [, t]) => a + t, 0);
const busy = total - idle;
const areas = new Map();
const fns = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  if (isIdle(n)) continue;
  const a = area(n);
  areas.set(a, (areas.get(a) ?? 0) + t);
  const f = functionKey(n);
  fns.set(f, (fns.get(f) ?? 0) + t);
}
const pct = (t) => `${((t / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(`busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled`);
console.log("\nself time by area:");
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 30)) console.log(`${pct(t)}  ${a}`);
// Inclusive time of our own functions (each counted once per sample, whatever recursion): what each middleware
// or handler of ours costs with everything it calls.
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of self) {
  if (isIdle(byId.get(id))) continue;
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur);
    if (!(n.callFrame.url || "").includes("/server/src/")) continue;
    const f = `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.replace(/.*\/server\/src\//, "")}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
    if (seen.has(f)) continue;
    seen.add(f);
    incl.set(f, (incl.get(f) ?? 0) + t);
  }
}
console.log("\nours, inclusive:");
for (const [f, t] of [...incl].sort((x, y) => y[1] - x[1]).slice(0, 20)) console.log(`${pct(t)}  ${f}`);
console.log("\ntop functions (self):");
for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, Number(topArg ?? 25))) console.log(`${pct(t)}  ${f}`);
