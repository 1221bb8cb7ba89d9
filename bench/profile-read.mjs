// Reading a .cpuprofile (node --cpu-prof, or the inspector's Profiler.stop) for profile-summary.mjs and
// profile-diff.mjs: self time (µs) per node, optionally only within the busiest `windowS` seconds (the measured
// load of a whole-process profile, without its start-up), and the two ways of naming where a sample's time went.
import { readFileSync } from "node:fs";

const IDLE = "(idle)";

/** The profile's self time per node id, in µs; with `windowS`, only the busiest window of that many seconds. */
export function readProfile(file, windowS = 0) {
  const prof = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const dt = prof.timeDeltas;
  const idle = (i) => byId.get(prof.samples[i]).callFrame.functionName === IDLE;
  let from = 0;
  let to = prof.samples.length - 1;
  if (windowS > 0) {
    // Sliding window over sample times, keeping the one with the most non-idle time.
    const at = [];
    let t = prof.startTime;
    for (const d of dt) at.push((t += d));
    let busy = 0;
    let best = -1;
    for (let i = 0, j = 0; i < at.length; i++) {
      if (!idle(i)) busy += dt[i];
      for (; at[i] - at[j] > windowS * 1e6; j++) if (!idle(j)) busy -= dt[j];
      if (busy > best) [best, from, to] = [busy, j, i];
    }
  }
  const self = new Map();
  for (let i = from; i <= to; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
  return { prof, byId, self, isIdle: (n) => n.callFrame.functionName === IDLE };
}

/** The package, our module folder, or the Node.js part a profile node's code belongs to. */
export function area(n) {
  const url = n.callFrame.url || "";
  const name = n.callFrame.functionName;
  if (name === IDLE || name === "(program)" || name === "(garbage collector)") return name;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes("/server/src/")) return "ours: " + url.split("/server/src/")[1].split("/").slice(0, 2).join("/");
  if (url.startsWith("node:")) return url.split("/")[0].replace(/^node:internal.*/, "node internals");
  if (!url) return "(native / builtins)";
  return url;
}

/** A function's name with its file (package- or server/src-relative) and line. */
export function functionKey(n) {
  const url = (n.callFrame.url || "").replace(/.*node_modules\//, "").replace(/.*\/server\/src\//, "");
  return `${n.callFrame.functionName || "(anonymous)"} ${url}:${n.callFrame.lineNumber + 1}`;
}
