// `npm run bench -- realtime`: the gateway's two figures. Both start their own server *process* instead of
// ctx.startServer, so the client sockets opened here are not counted in the server's memory.
//   - idle: RSS per idle authenticated connection (10,000 by default, BENCH_WS_IDLE), target ≤ 8 KiB;
//   - fan-out: one message to 1,000 sockets of a channel, publish → last socket, p50/p99, against a bare `ws`
//     server broadcasting the same frame from the same Redis in the same run, target ≤ 1.5×;
//   - connect storm: N members of one space open their sockets 50 at a time until the last `ready` (2,000 and
//     10,000 by default, BENCH_WS_STORM="2000,10000"), targets ≤ 4 s and ≤ 20 s, next to a bare `ws` server.
// Needs `ulimit -n` above the idle count (the sockets of this process). Details go to stderr and latest.json.
import type { BenchResult, Scenario } from "../context.ts";
import { run as idle } from "./realtime-idle.ts";
import { run as fanout } from "./realtime-fanout.ts";
import { run as storm } from "./realtime-storm.ts";

type Row = BenchResult & Record<string, unknown>;

export const scenario: Scenario = {
  name: "realtime",
  description: "WebSocket gateway: memory per idle connection, fan-out to 1,000 sockets vs bare ws, connect storm of one space",
  async run() {
    const n = Number(process.env.BENCH_WS_IDLE ?? 10_000);
    const f = await fanout(Number(process.env.BENCH_WS_FANOUT ?? 1000), 50);
    console.error("bench: realtime fan-out", JSON.stringify(f));
    const m = await idle(n);
    console.error("bench: realtime idle", JSON.stringify(m));
    const storms: Row[] = [];
    for (const size of (process.env.BENCH_WS_STORM ?? "2000,10000").split(",").map(Number).filter(Boolean)) {
      const s = await storm(size, 50);
      console.error("bench: realtime storm", JSON.stringify(s));
      // requests/s here is sockets made ready per second.
      storms.push({
        name: `ws connect storm ${size} sockets of one space: ${(s.parley_ms / 1000).toFixed(1)} s (bare ws ${(s.bare_ws_ms / 1000).toFixed(1)} s)`,
        requestsPerSecond: (size * 1000) / s.parley_ms,
        p50Ms: 0,
        p99Ms: 0,
        requests: size,
        failures: 0,
        ...s,
      });
    }
    const p = f.parley_publish_to_last_socket as { p50_ms: number; p99_ms: number };
    const b = f.bare_ws_publish_to_last_socket as { p50_ms: number; p99_ms: number };
    const e = f.parley_http_post_to_last_socket as { p50_ms: number; p99_ms: number };
    // requests/s here is fan-outs per second at the median (1000 / p50).
    const row = (name: string, s: { p50_ms: number; p99_ms: number }, extra: Record<string, unknown> = {}): Row => ({
      name,
      requestsPerSecond: 1000 / s.p50_ms,
      p50Ms: s.p50_ms,
      p99Ms: s.p99_ms,
      requests: f.rounds as number,
      failures: 0,
      ...extra,
    });
    return [
      row(`ws fan-out ${String(f.sockets)} sockets: parley`, p, { ratioToBareWsP50: f.ratio_p50, ratioToBareWsP99: f.ratio_p99 }),
      row(`ws fan-out ${String(f.sockets)} sockets: bare ws`, b),
      row(`ws fan-out ${String(f.sockets)} sockets: POST → last socket`, e),
      {
        name: `ws idle ${n}: ${((m.bytes_per_connection ?? NaN) / 1024).toFixed(1)} KiB RSS/conn`,
        requestsPerSecond: 0,
        p50Ms: 0,
        p99Ms: 0,
        requests: n,
        failures: 0,
        ...m,
      },
      ...storms,
    ];
  },
};
