// Webhook delivery (issue 9): deliveries/s from the queue to a local receiver that answers 200 at once, and
// event→receiver latency, next to a plain undici POST loop (same concurrency, same receiver, same body size).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import type { BenchResult, Scenario } from "../context.ts";
import { api } from "../../test/helpers/http.ts";
import { registerUser } from "../../test/helpers/users.ts";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 4000);
const CONCURRENCY = 50; // the delivery worker's concurrency

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 100) / 100;
}

async function receiver() {
  const arrivals = new Map<string, number>();
  const server = createServer((req, res) => {
    const id = req.headers["x-service-delivery"] as string | undefined;
    req.resume();
    req.on("end", () => {
      if (id) arrivals.set(id, performance.now());
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, arrivals, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

export const scenario: Scenario = {
  name: "webhooks",
  description: `webhook delivery of ${EVENTS} events vs a plain undici POST loop to the same receiver`,
  async run(ctx) {
    const rx = await receiver();
    ctx.defer(rx.close);
    const body = JSON.stringify({ id: "0".repeat(36), type: "command.invoked", space_id: null, delivered_at: new Date().toISOString(), bot_user_id: "0".repeat(36), data: { pad: "x".repeat(400) } });

    // Floor: the same number of POSTs, CONCURRENCY at a time, nothing else.
    const agent = new Agent({ connections: CONCURRENCY });
    const floorLatencies: number[] = [];
    let next = 0;
    const floorStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < EVENTS) {
          next++;
          const t = performance.now();
          const res = await request(rx.url, { method: "POST", dispatcher: agent, headers: { "content-type": "application/json", "x-service-delivery": `floor-${next}` }, body });
          await res.body.dump();
          floorLatencies.push(performance.now() - t);
        }
      }),
    );
    const floorSeconds = (performance.now() - floorStart) / 1000;
    await agent.close();
    floorLatencies.sort((a, b) => a - b);

    // The service: events recorded and queued through the dispatcher, delivered by the worker.
    const server = await ctx.startServer({ WEBHOOK_ALLOW_PRIVATE: "true" });
    const owner = await registerUser(server.url);
    const bot = await api(server.url).post("/api/bots", { username: `benchbot_${Date.now() % 100000}` }, { token: owner.token });
    const botId = bot.body.bot.id as string;
    await api(server.url).post(`/api/bots/${botId}/webhooks`, { url: rx.url, events: ["command.invoked"] }, { token: owner.token });
    const queuedAt = new Map<string, number>();
    const start = performance.now();
    for (let i = 0; i < EVENTS; i += 100) {
      const batch = Math.min(100, EVENTS - i);
      await Promise.all(
        Array.from({ length: batch }, async () => {
          const [id] = await server.webhooks.dispatcher.publish({ type: "command.invoked", spaceId: null, data: { pad: "x".repeat(400) } }, [botId]);
          queuedAt.set(id!, performance.now());
        }),
      );
    }
    const deadline = Date.now() + 120_000;
    while ([...queuedAt.keys()].some((id) => !rx.arrivals.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const delivered = [...queuedAt.keys()].filter((id) => rx.arrivals.has(id));
    const last = Math.max(...delivered.map((id) => rx.arrivals.get(id)!));
    const seconds = (last - start) / 1000;
    const latencies = delivered.map((id) => rx.arrivals.get(id)! - queuedAt.get(id)!).sort((a, b) => a - b);

    const floorRow: BenchResult = { name: "webhook floor: undici POST loop", requestsPerSecond: EVENTS / floorSeconds, p50Ms: percentile(floorLatencies, 50), p99Ms: percentile(floorLatencies, 99), requests: EVENTS, failures: 0 };
    const row: BenchResult = { name: "webhook delivery: event → receiver", requestsPerSecond: delivered.length / seconds, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), requests: delivered.length, failures: EVENTS - delivered.length };
    console.error(`bench: webhooks: ${row.requestsPerSecond.toFixed(0)} deliveries/s vs floor ${floorRow.requestsPerSecond.toFixed(0)} POST/s = ${(row.requestsPerSecond / floorRow.requestsPerSecond).toFixed(2)}×`);
    return [floorRow, row];
  },
};
