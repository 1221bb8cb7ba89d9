// Memory per idle authenticated realtime connection: server RSS before and after opening N sockets (default
// 10,000, one user each, in spaces of 100 members). The sockets live in this process, the server in its own.
// Both measurements follow two full collections in the server process (see parley-process.ts).
// Run: ulimit -n 20000; node --import tsx bench/scenarios/realtime-idle.ts [N]
import { closeAll, connectMany, gcAndMeasure, seedSpace, seedUsers, sleep, startParley } from "./realtime-common.ts";

export async function run(n = 10_000): Promise<Record<string, number>> {
  const bench = await startParley();
  try {
    const users = await seedUsers(bench.db, n);
    if (!process.env.NO_SPACES)
      for (let i = 0; i < n; i += 100)
        await seedSpace(
          bench.db,
          users.slice(i, i + 100).map((u) => u.id),
        );
    const wsUrl = bench.parley.url.replace("http", "ws") + "/api/ws";

    // Warm up the code paths (and the session cache's first allocations), then let the heap settle.
    await closeAll(
      await connectMany(
        wsUrl,
        200,
        users.slice(0, 200).map((u) => u.token),
      ),
    );
    await sleep(2000);
    const before = await gcAndMeasure(bench.parley);
    const t0 = performance.now();
    const sockets = await connectMany(
      wsUrl,
      n,
      users.map((u) => u.token),
    );
    const connectMs = performance.now() - t0;
    await sleep(3000);
    const after = await gcAndMeasure(bench.parley);
    const metrics = await (await fetch(bench.parley.url + "/metrics")).text();
    const gauge = Number(/^realtime_connections (\d+)/m.exec(metrics)?.[1]);
    await closeAll(sockets);
    return {
      connections: n,
      gauge,
      rss_before_mib: +(before.rss / 2 ** 20).toFixed(1),
      rss_after_mib: +(after.rss / 2 ** 20).toFixed(1),
      bytes_per_connection: Math.round((after.rss - before.rss) / n),
      heap_used_bytes_per_connection: Math.round((after.heapUsed - before.heapUsed) / n),
      heap_total_bytes_per_connection: Math.round((after.heapTotal - before.heapTotal) / n),
      external_bytes_per_connection: Math.round((after.external + after.arrayBuffers - before.external - before.arrayBuffers) / n),
      connect_and_auth_ms: Math.round(connectMs),
    };
  } finally {
    await bench.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(Number(process.argv[2] ?? 10_000)), null, 2));
  process.exit(0);
}
