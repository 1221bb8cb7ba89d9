// The Parley server as the realtime benchmarks run it: main.ts's start, plus an IPC "gc" message so memory can be
// measured after a full collection (run with --expose-gc). Benchmark-only; the server itself has no such hook.
import { loadConfig } from "../../server/src/platform/config.ts";
import { startServer } from "../../server/src/server.ts";

// BENCH_NO_PRESENCE=1 leaves presence out, to tell the gateway's own cost from the presence fan-out it triggers.
await startServer(loadConfig(), process.env.BENCH_NO_PRESENCE ? { realtime: { onConnectionChange: undefined } } : {});
console.log("Parley is listening");
// A plain exit on SIGTERM, so that `--cpu-prof` (BENCH_SERVER_ARGS) writes its profile.
process.once("SIGTERM", () => process.exit(0));
process.on("message", (msg) => {
  if (msg !== "gc") return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
