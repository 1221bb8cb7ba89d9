// CPU time per request of a hot path: the service's process against the stack floor's, each read from
// the kernel's accounting (user + system) around the same load, in alternating rounds. On a shared, loaded machine
// requests/s swing with everyone else's work; CPU time per request is what the process itself spends, so it tells
// a change's effect apart from the noise. (The database's and Redis's CPU are not in either figure.)
//   node --import tsx bench/profile-cpu.ts [me|send|list]     (rounds: BENCH_ROUNDS, seconds: BENCH_DURATION)
import { createContext, median } from "./context.ts";
import { cpuTimes } from "./scenarios/realtime-common.ts";
import { stackFloorPid } from "./floors/index.ts";
import { hotPath, type HotPath } from "./profile-setup.ts";

/** User and system CPU time of a process so far, in µs. */
const ticksOf = (pid: number) => {
  const t = cpuTimes(pid);
  return { user: t.user * 1000, system: t.system * 1000 };
};

const which = (process.argv[2] ?? "me") as HotPath;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const { ctx, cleanup } = createContext();
try {
  const { ours, floor } = await hotPath(ctx, which, true);
  const targets = [
    { name: "stack floor", opts: floor!, pid: stackFloorPid.get(new URL(floor!.url).origin)! },
    { name: "service", opts: ours, pid: process.pid },
  ];
  const per = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  const system = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  const rps = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) {
      if (round === 0) await ctx.load(t.name, { ...t.opts, duration: 2, warmup: false });
      const before = ticksOf(t.pid);
      const r = await ctx.load(t.name, { ...t.opts, duration, warmup: false });
      const after = ticksOf(t.pid);
      per.get(t.name)!.push((after.user + after.system - before.user - before.system) / r.requests);
      system.get(t.name)!.push((after.system - before.system) / r.requests);
      rps.get(t.name)!.push(r.requestsPerSecond);
    }
  }
  for (const t of targets)
    console.error(
      `cpu: ${which}: ${t.name}: ${median(per.get(t.name)!).toFixed(0)} µs/request (rounds ${per
        .get(t.name)!
        .map((x) => x.toFixed(0))
        .join(", ")}; of which system ${median(system.get(t.name)!).toFixed(0)}; req/s ${rps.get(t.name)!.map(Math.round).join(", ")})`,
    );
  const [f, s] = targets.map((t) => median(per.get(t.name)!));
  console.error(
    `cpu: ${which}: floor/service CPU per request = ${(f! / s!).toFixed(2)} (the ratio the service would reach were the process the bottleneck)`,
  );
  // Each round loads the floor and then the service, back to back: the ratio within a round sees the same
  // neighbours' load on both, so its median moves less with the shared machine than the ratio of medians.
  const paired = per.get("stack floor")!.map((x, i) => x / per.get("service")![i]!);
  console.error(`cpu: ${which}: median of per-round ratios = ${median(paired).toFixed(2)} (${paired.map((x) => x.toFixed(2)).join(", ")})`);
} finally {
  await cleanup();
}
