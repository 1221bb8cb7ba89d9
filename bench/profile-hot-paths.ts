// Where a hot path's time goes: starts the service in this process, loads one path at a time with
// autocannon (in a child process), and exits. The CPU profile covers the measured load only (startup, module
// loading and the warm-up would otherwise be a large share of it), written to PROFILE_OUT:
//   PROFILE_OUT=/tmp/prof/me.cpuprofile node --import tsx bench/profile-hot-paths.ts [me|send|list]
//   node bench/profile-summary.mjs /tmp/prof/me.cpuprofile
// and against the stack floor's profile (`--floor`), per request: bench/profile-diff.mjs.
// With `--floor`, the stack floor answering the same request is profiled instead (its own process).
// (`node --cpu-prof` on the same command still works and profiles the whole process.)
// Standalone (no `export const scenario`): `npm run bench` does not run it.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createContext } from "./context.ts";
import { stackFloorPid } from "./floors/index.ts";
import { hotPath, type HotPath } from "./profile-setup.ts";

const which = (process.argv.slice(2).find((a) => !a.startsWith("-")) ?? "me") as HotPath;
const floor = process.argv.includes("--floor");
const { ctx, cleanup } = createContext();
try {
  const paths = await hotPath(ctx, which, floor);
  const opts = floor ? paths.floor! : paths.ours;
  // Warm (JIT, pools, caches) before the profiled window.
  await ctx.load(which, { ...opts, duration: 2, warmup: false });
  const out = process.env.PROFILE_OUT;
  // PROFILE_HEAP_OUT: what allocates per request (sampled, including what the GC has since collected), not the CPU.
  const heapOut = process.env.PROFILE_HEAP_OUT;
  const session = new Session();
  if (heapOut && !floor) {
    session.connect();
    await session.post("HeapProfiler.enable");
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    } as never);
  }
  if ((out || heapOut) && floor) process.kill(stackFloorPid.get(new URL(opts.url).origin)!, "SIGUSR2");
  else if (out) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  const r = await ctx.load(which, { ...opts, duration: Number(process.env.BENCH_DURATION ?? 10), warmup: false });
  if (heapOut && floor) console.error(`profile: heap: ${r.requests} requests`);
  else if (heapOut) {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    writeFileSync(heapOut, JSON.stringify(profile));
    console.error(`profile: heap: ${r.requests} requests`);
  }
  if (out && !floor) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(out, JSON.stringify(profile));
    session.disconnect();
  }
  console.error(`profile: ${which}: ${Math.round(r.requestsPerSecond)} req/s, p99 ${r.p99Ms} ms, failures ${r.failures}`);
} finally {
  await cleanup();
}
