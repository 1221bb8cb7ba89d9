// Connect storm: N members of ONE space open their sockets, `concurrency` at a time (default 50), and each waits
// for `ready`; measured from the first open until the last `ready`, next to a bare `ws` server accepting the same
// number of sockets the same way (open → one text frame → one answer) in the same run. The presence work each
// connect triggers (announcements to the space, counters) runs inside the measured window; the run then waits
// until the server is idle, so a backlog left behind shows up as `drain_ms` instead of hiding after the figure.
// Run: ulimit -n 20000; node --import tsx bench/scenarios/realtime-storm.ts [N] [concurrency]
// Profile the server: BENCH_SERVER_ARGS=--cpu-prof BENCH_PROFILE_DIR=/tmp/prof (written when the server exits).
import { closeAll, connectMany, cpuMs, freePort, seedSpace, seedUsers, sleep, spawnNode, startParley } from "./realtime-common.ts";

const step = (what: string) => process.env.BENCH_QUIET || console.error(`bench: realtime storm: ${what}`);

/** Waits until the server answers /healthz within `quietMs` twice in a row (its event loop has drained the storm). */
async function settle(url: string, quietMs = 30): Promise<number> {
  const t0 = performance.now();
  let calm = 0;
  while (calm < 2 && performance.now() - t0 < 60_000) {
    const s = performance.now();
    await fetch(url + "/healthz").then((r) => r.arrayBuffer());
    calm = performance.now() - s < quietMs ? calm + 1 : 0;
    await sleep(50);
  }
  return performance.now() - t0;
}

export interface StormResult {
  sockets: number;
  concurrency: number;
  parley_ms: number;
  bare_ws_ms: number;
  /**
   * CPU time each server process used during its storm (user + system): next to the wall time it tells a server
   * that computes from one that waits (a loaded machine stretches the wall time, far less the CPU time).
   */
  parley_cpu_ms: number;
  bare_ws_cpu_ms: number;
  ratio: number;
  drain_ms: number;
  frames_after_ready_per_socket: number;
  /** Statements the server's database ran for the storm (pg_stat_database transactions: one per statement outside a transaction). */
  db_statements: number;
}

/** Transactions the bench database has counted so far (statistics flush within a second, hence the wait). */
async function dbTransactions(db: import("knex").Knex): Promise<number> {
  await sleep(1100);
  await db.raw("SELECT pg_stat_clear_snapshot()");
  const { rows } = await db.raw("SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()");
  return Number(rows[0].n);
}

export async function run(n = 2000, concurrency = 50): Promise<StormResult> {
  step(`starting servers (${n} sockets, ${concurrency} at a time)`);
  const bench = await startParley();
  const port = await freePort();
  const bare = await spawnNode(
    ["--import", "tsx", "bench/scenarios/bare-ws-server.ts"],
    { PORT: String(port), REDIS_URL: bench.redis.url, ANSWER: "1" },
    "bare ws server ready",
    `ws://127.0.0.1:${port}`,
  );
  try {
    step("seeding");
    const users = await seedUsers(bench.db, n);
    await seedSpace(
      bench.db,
      users.map((u) => u.id),
    );
    await bench.db.raw("ANALYZE");
    const wsUrl = bench.parley.url.replace("http", "ws") + "/api/ws";
    const tokens = users.map((u) => u.token);

    step("bare ws");
    let cpu0 = cpuMs(bare.proc.pid!);
    let t0 = performance.now();
    const bareSockets = await connectMany(
      bare.url,
      n,
      tokens.map(() => "x"),
      concurrency,
    );
    const bareMs = performance.now() - t0;
    const bareCpu = cpuMs(bare.proc.pid!) - cpu0;
    await closeAll(bareSockets);

    step("parley");
    const tx0 = await dbTransactions(bench.db);
    let frames = 0;
    cpu0 = cpuMs(bench.parley.proc.pid!);
    t0 = performance.now();
    const sockets = await connectMany(wsUrl, n, tokens, concurrency, () => frames++);
    const parleyMs = performance.now() - t0;
    const parleyCpu = cpuMs(bench.parley.proc.pid!) - cpu0;
    const drainMs = await settle(bench.parley.url);
    await sleep(300);
    // Minus the two statements of the reading itself.
    const statements = (await dbTransactions(bench.db)) - tx0 - 2;
    await closeAll(sockets);
    return {
      sockets: n,
      concurrency,
      parley_ms: Math.round(parleyMs),
      bare_ws_ms: Math.round(bareMs),
      parley_cpu_ms: parleyCpu,
      bare_ws_cpu_ms: bareCpu,
      ratio: +(parleyMs / bareMs).toFixed(2),
      drain_ms: Math.round(drainMs),
      frames_after_ready_per_socket: +(frames / n).toFixed(2),
      db_statements: statements,
    };
  } finally {
    await bare.stop();
    await bench.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(Number(process.argv[2] ?? 2000), Number(process.argv[3] ?? 50)), null, 2));
  process.exit(0);
}
