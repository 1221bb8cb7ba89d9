// Webhook delivery (issues 9, 20): deliveries/s from the queue to local receivers that answer 200 at once, next to
// a plain signed undici POST loop of the same envelopes in the same run (the floor).
//  - single: EVENTS events to one subscribed bot;
//  - fan-out: MESSAGES `message.created` events × BOTS subscribed bots (each with its own receiver origin), so
//    the send path does not set the pace. Target (issue 20): fan-out ≥ 0.4× the floor.
import { createHmac } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import type { BenchResult, Scenario } from "../context.ts";
import { api } from "../../test/helpers/http.ts";
import { registerUser } from "../../test/helpers/users.ts";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
const MESSAGES = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 200);
const BOTS = Number(process.env.BENCH_WEBHOOK_BOTS ?? 10);
/** Production-style configuration wants its secrets given when DATABASE_URL is set. */
export const BENCH_SECRETS = { JWT_SECRET: "b".repeat(40), BOT_TOKEN_SECRET: "c".repeat(40), DATA_KEY: Buffer.alloc(32, 9).toString("base64") };
/**
 * BENCH_WEBHOOK_PROFILE=<dir>: a CPU profile of each service case alone (not the floors), written as
 * <dir>/webhooks-<case>.cpuprofile; summarise with bench/profile-summary.mjs. Receivers run in this process too.
 */
const PROFILE_DIR = process.env.BENCH_WEBHOOK_PROFILE;

/**
 * CPU time of this process (service, receivers and load alike) per delivery of each case: on a box loaded by
 * others, a steadier figure than the rates (which it does not replace).
 */
const cpuPerDelivery: string[] = [];

async function cpuOf(label: string, run: () => Promise<BenchResult>): Promise<BenchResult> {
  const before = process.cpuUsage();
  const r = await run();
  const used = process.cpuUsage(before);
  cpuPerDelivery.push(`${label} ${Math.round((used.user + used.system) / r.requests)} µs`);
  return r;
}

async function profiled<T>(label: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return run();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  try {
    return await run();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(`${PROFILE_DIR}/webhooks-${label}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/** In flight in the floor loop, and events published at once on the service side. */
const IN_FLIGHT = 10;

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 100) / 100;
}

/** Arrival times by delivery id, across all receivers; `onArrival` lets the waiting side count without polling. */
const arrivals = new Map<string, number>();
let onArrival: (id: string) => void = () => {};

async function receiver() {
  const server = createServer((req, res) => {
    const id = req.headers["x-service-delivery"] as string | undefined;
    req.resume();
    req.on("end", () => {
      if (id) {
        arrivals.set(id, performance.now());
        onArrival(id);
      }
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

const envelope = (i: number) =>
  JSON.stringify({ id: `0000000${i}`.slice(-8).padEnd(36, "0"), type: "message.created", space_id: null, delivered_at: new Date().toISOString(), bot_user_id: "0".repeat(36), data: { message_id: "", channel_id: "", author_id: null, author_is_bot: true, content: "x".repeat(400), reply_to: null, created_at: new Date().toISOString() } });

/** The floor: `total` signed POSTs (fresh t and HMAC each, as the worker does), IN_FLIGHT at a time, spread over `urls`. */
async function floor(name: string, urls: string[], total: number): Promise<BenchResult> {
  const agent = new Agent({ connections: IN_FLIGHT });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < total) {
        const i = next++;
        const body = envelope(i);
        const t = Math.floor(Date.now() / 1000);
        const sig = createHmac("sha256", "whsec_bench").update(`${t}.${body}`).digest("hex");
        const at = performance.now();
        const res = await request(urls[i % urls.length]!, {
          method: "POST",
          dispatcher: agent,
          headers: { "content-type": "application/json", "user-agent": "ServiceBotWebhook/1.0", "x-service-delivery": `floor-${i}`, "x-service-event": "message.created", "x-service-signature": `t=${t},v1=${sig}` },
          body,
        });
        await res.body.dump();
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  return { name, requestsPerSecond: total / seconds, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), requests: total, failures: 0 };
}

export const scenario: Scenario = {
  name: "webhooks",
  description: `webhook delivery: ${EVENTS} events to one bot, and ${MESSAGES} messages × ${BOTS} bots, each vs a signed undici POST loop`,
  async run(ctx) {
    const rxs = await Promise.all(Array.from({ length: BOTS }, receiver));
    for (const r of rxs) ctx.defer(r.close);
    const server = await ctx.startServer({ WEBHOOK_ALLOW_PRIVATE: "true", ...BENCH_SECRETS });
    const owner = await registerUser(server.url);
    const bots: string[] = [];
    for (let i = 0; i < BOTS; i++) {
      const bot = await api(server.url).post("/api/bots", { username: `benchbot_${Date.now() % 100000}_${i}` }, { token: owner.token });
      await api(server.url).post(`/api/bots/${bot.body.bot.id}/webhooks`, { url: rxs[i]!.url, events: ["message.created"] }, { token: owner.token });
      bots.push(bot.body.bot.id);
    }

    /**
     * Publishes `count` events to the webhooks of `audience` (IN_FLIGHT at a time) and waits for every delivery to
     * arrive. Each event is recorded and queued the way a message's `message.created` is (plain-messages'
     * channel events): its subscribers come from the installs audience, cached, so they are read once here, not
     * per event, and the dispatcher gets them with the event (recordFor, then enqueue).
     */
    const serve = async (name: string, count: number, audience: string[]): Promise<BenchResult> => {
      const hooks = await server.platform
        .db("webhooks")
        .whereIn("bot_user_id", audience)
        .select("id", "bot_user_id", "state", "suspended_until");
      const dispatcher = server.webhooks.dispatcher;
      const queuedAt = new Map<string, number>();
      let waiting = 0;
      let allIn: () => void = () => {};
      const done = new Promise<void>((r) => (allIn = r));
      onArrival = (id) => {
        if (queuedAt.has(id) && --waiting === 0 && next >= count) allIn();
      };
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < count) {
            next++;
            const event = { type: "message.created", spaceId: null, data: { message_id: "", channel_id: "", author_id: null, author_is_bot: true, content: "x".repeat(400), reply_to: null, created_at: new Date().toISOString() } } as const;
            const ids = await dispatcher.recordFor(server.platform.db, event, hooks);
            await dispatcher.enqueue(ids);
            const at = performance.now();
            for (const id of ids) queuedAt.set(id, at);
          }
        }),
      );
      if (waiting > 0) await Promise.race([done, new Promise((r) => setTimeout(r, 120_000).unref())]);
      onArrival = () => {};
      const deadline = Date.now() + 120_000; // the count above can settle early in a rare interleaving: make sure
      while ([...queuedAt.keys()].some((id) => !arrivals.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const arrived = (id: string) => arrivals.get(id);
      const delivered = [...queuedAt.keys()].filter((id) => arrived(id) !== undefined);
      const last = Math.max(...delivered.map((id) => arrived(id)!));
      const latencies = delivered.map((id) => arrived(id)! - queuedAt.get(id)!).sort((a, b) => a - b);
      return { name, requestsPerSecond: delivered.length / ((last - started) / 1000), p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), requests: delivered.length, failures: queuedAt.size - delivered.length };
    };

    // Warm-up (JIT, pools, caches), then floor and service side by side, each case in the same run.
    await serve("warm-up", 200, bots);
    const singleFloor = await cpuOf("single floor", () => floor("webhook floor: signed undici POST loop, one receiver", [rxs[0]!.url], EVENTS));
    const single = await cpuOf("single", () => profiled("single", () => serve(`webhook delivery: ${EVENTS} events → 1 bot (event → receipt)`, EVENTS, [bots[0]!])));
    const fanFloor = await cpuOf("fan-out floor", () => floor(`webhook floor: signed undici POST loop, ${BOTS} receivers`, rxs.map((r) => r.url), MESSAGES * BOTS));
    const fan = await cpuOf("fan-out", () => profiled("fanout", () => serve(`webhook fan-out: ${MESSAGES} messages × ${BOTS} bots (event → receipt)`, MESSAGES, bots)));
    const ratio = (a: BenchResult, b: BenchResult) => (a.requestsPerSecond / b.requestsPerSecond).toFixed(2);
    console.error(`bench: webhooks: single ${single.requestsPerSecond.toFixed(0)}/s vs floor ${singleFloor.requestsPerSecond.toFixed(0)}/s = ${ratio(single, singleFloor)}×`);
    console.error(`bench: webhooks: fan-out ${fan.requestsPerSecond.toFixed(0)}/s vs floor ${fanFloor.requestsPerSecond.toFixed(0)}/s = ${ratio(fan, fanFloor)}× (target ≥ 0.40×)`);
    console.error(`bench: webhooks: CPU of this process per delivery: ${cpuPerDelivery.join(", ")}`);
    return [singleFloor, single, fanFloor, fan];
  },
};
