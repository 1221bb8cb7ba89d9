// Webhook delivery: deliveries/s from the queue to local receivers that answer 200 at once, next to
// a plain signed undici POST loop of the same envelopes in the same run (the floor).
//  - single: EVENTS events to one subscribed bot;
//  - fan-out: MESSAGES `message.created` events × BOTS subscribed bots (each with its own receiver origin), so
//    the send path does not set the pace. Target: fan-out ≥ 0.4× the floor.
// Each case runs BENCH_WEBHOOK_ROUNDS rounds, floor and service alternating (the order flips every round), and
// reports medians: on a shared 2-core box the floor alone swings 2× between runs, so one pair proves little.
import { createHmac } from "node:crypto";
import { writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { median, medianRow, type BenchResult, type Scenario } from "../context.ts";
import { cpuMs } from "./realtime-common.ts";
import { api } from "../../test/helpers/http.ts";
import { registerUser } from "../../test/helpers/users.ts";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
const MESSAGES = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 200);
const BOTS = Number(process.env.BENCH_WEBHOOK_BOTS ?? 10);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
/** Production-style configuration wants its secrets given when DATABASE_URL is set. */
export const BENCH_SECRETS = {
  JWT_SECRET: "b".repeat(40),
  BOT_TOKEN_SECRET: "c".repeat(40),
  DATA_KEY: Buffer.alloc(32, 9).toString("base64"),
};
/**
 * BENCH_WEBHOOK_PROFILE=<dir>: a CPU profile of each service case alone (not the floors), written as
 * <dir>/webhooks-<case>.cpuprofile; summarise with bench/profile-summary.mjs. Receivers run in this process too.
 */
const PROFILE_DIR = process.env.BENCH_WEBHOOK_PROFILE;
/**
 * BENCH_WEBHOOK_PERF=<dir>: `perf record` (on-CPU samples only, so time lost to other processes is not charged
 * to the syscall that yielded, as in the inspector's wall-clock samples) of this process and the database's
 * backends around the same window, written as <dir>/webhooks-<case>.perf. Start node with --perf-basic-prof
 * (NODE_OPTIONS) to name JS frames; read with `perf report -i <file> --sort comm,sym`.
 */
const PERF_DIR = process.env.BENCH_WEBHOOK_PERF;

/** CPU time (user + system, µs) of a process; 0 when it cannot be read (a backend that has exited). */
function cpuOfPid(pid: number): number {
  try {
    return cpuMs(pid) * 1000;
  } catch {
    return 0;
  }
}

/**
 * CPU time per delivery of each round: this process (service, receivers and load alike) and the PostgreSQL
 * backends of the bench's database (the outbox INSERTs and result UPDATEs: the floor has none). On a box loaded by
 * others a steadier figure than the rates (which it does not replace). Backends are read from /proc, so only when
 * PostgreSQL runs on this machine.
 */
const cpuPerDelivery = new Map<string, { node: number[]; pg: number[] }>();

async function cpuOf(label: string, backends: () => Promise<number[]>, run: () => Promise<BenchResult>): Promise<BenchResult> {
  const pids = await backends();
  const pgBefore = pids.reduce((n, p) => n + cpuOfPid(p), 0);
  const before = process.cpuUsage();
  const r = await run();
  const used = process.cpuUsage(before);
  const pgAfter = (await backends()).reduce((n, p) => n + cpuOfPid(p), 0);
  const c = cpuPerDelivery.get(label) ?? { node: [], pg: [] };
  c.node.push((used.user + used.system) / r.requests);
  c.pg.push((pgAfter - pgBefore) / r.requests);
  cpuPerDelivery.set(label, c);
  return r;
}

async function perfRecorded<T>(label: string, pids: number[], run: () => Promise<T>): Promise<T> {
  if (!PERF_DIR) return run();
  const perf = spawn(
    "perf",
    ["record", "-e", "cpu-clock", "-F", "1999", "-g", "-p", [process.pid, ...pids].join(","), "-o", `${PERF_DIR}/webhooks-${label}.perf`],
    { stdio: "ignore" },
  );
  await new Promise((r) => setTimeout(r, 500)); // perf attaches
  try {
    return await run();
  } finally {
    const exited = new Promise((r) => perf.once("exit", r));
    perf.kill("SIGINT");
    await exited;
  }
}

async function profiled<T>(label: string, pids: number[], run: () => Promise<T>): Promise<T> {
  if (PERF_DIR) return perfRecorded(label, pids, run);
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

const envelope = (i: number) =>
  JSON.stringify({
    id: `0000000${i}`.slice(-8).padEnd(36, "0"),
    type: "message.created",
    space_id: null,
    delivered_at: new Date().toISOString(),
    bot_user_id: "0".repeat(36),
    data: {
      message_id: "",
      channel_id: "",
      author_id: null,
      author_is_bot: true,
      content: "x".repeat(400),
      reply_to: null,
      created_at: new Date().toISOString(),
    },
  });

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
          headers: {
            "content-type": "application/json",
            "user-agent": "ServiceBotWebhook/1.0",
            "x-service-delivery": `floor-${i}`,
            "x-service-event": "message.created",
            "x-service-signature": `t=${t},v1=${sig}`,
          },
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
  return {
    name,
    requestsPerSecond: total / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requests: total,
    failures: 0,
  };
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
      await api(server.url).post(
        `/api/bots/${bot.body.bot.id}/webhooks`,
        { url: rxs[i]!.url, events: ["message.created"] },
        { token: owner.token },
      );
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
      // Queued and not arrived yet: counted down as they arrive, so the wait costs no polling (whose CPU this
      // process's figure would charge to the service).
      const outstanding = new Set<string>();
      let published = 0;
      let allIn: () => void = () => {};
      const done = new Promise<void>((r) => (allIn = r));
      onArrival = (id) => {
        if (outstanding.delete(id) && outstanding.size === 0 && published === count) allIn();
      };
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < count) {
            next++;
            const event = {
              type: "message.created",
              spaceId: null,
              data: {
                message_id: "",
                channel_id: "",
                author_id: null,
                author_is_bot: true,
                content: "x".repeat(400),
                reply_to: null,
                created_at: new Date().toISOString(),
              },
            } as const;
            const ids = await dispatcher.recordFor(server.platform.db, event, hooks);
            await dispatcher.enqueue(ids);
            const at = performance.now();
            for (const id of ids) {
              queuedAt.set(id, at);
              if (!arrivals.has(id)) outstanding.add(id);
            }
            published++;
          }
        }),
      );
      if (outstanding.size > 0) await Promise.race([done, new Promise((r) => setTimeout(r, 120_000).unref())]);
      onArrival = () => {};
      const arrived = (id: string) => arrivals.get(id);
      const delivered = [...queuedAt.keys()].filter((id) => arrived(id) !== undefined);
      const last = Math.max(...delivered.map((id) => arrived(id)!));
      const latencies = delivered.map((id) => arrived(id)! - queuedAt.get(id)!).sort((a, b) => a - b);
      return {
        name,
        requestsPerSecond: delivered.length / ((last - started) / 1000),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        requests: delivered.length,
        failures: queuedAt.size - delivered.length,
      };
    };

    /** The PostgreSQL backends of the bench's database (the service's pool). */
    const backends = async () =>
      ((await server.platform.db.raw("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")).rows as { pid: number }[]).map(
        (r) => r.pid,
      );
    /** Waits until every delivery is recorded as finished, so no result write of a service round runs into the next. */
    const settled = async () => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const rows = (await server.platform.db("deliveries").where({ status: "pending" }).count({ n: "*" })) as { n: string }[];
        if (Number(rows[0]?.n) === 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    /**
     * ROUNDS rounds of a case, floor and service alternating (service first in odd rounds); the service's rounds
     * are profiled in round one only. Answers the rows of medians, floor first.
     */
    const alternate = async (label: string, floorRun: () => Promise<BenchResult>, serviceRun: () => Promise<BenchResult>) => {
      const floors: BenchResult[] = [];
      const services: BenchResult[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const f = async () => void floors.push(await cpuOf(`${label} floor`, backends, floorRun));
        const s = async () => {
          const pids = round === 0 ? await backends() : [];
          const run = round === 0 ? () => profiled(label, pids, serviceRun) : serviceRun;
          services.push(await cpuOf(label, backends, run));
          await settled();
        };
        if (round % 2 === 0) {
          await f();
          await s();
        } else {
          await s();
          await f();
        }
      }
      return [medianRow(floors), medianRow(services)] as const;
    };

    // Warm-up (JIT, pools, caches), then floor and service side by side, each case in the same run.
    await serve("warm-up", 200, bots);
    await settled();
    // BENCH_WEBHOOK_EVENTS=0 leaves the single case out (the fan-out alone, e.g. for more rounds of it).
    const singles =
      EVENTS > 0
        ? await alternate(
            "single",
            () => floor("webhook floor: signed undici POST loop, one receiver", [rxs[0]!.url], EVENTS),
            () => serve(`webhook delivery: ${EVENTS} events → 1 bot (event → receipt)`, EVENTS, [bots[0]!]),
          )
        : [];
    const [fanFloor, fan] = await alternate(
      "fanout",
      () =>
        floor(
          `webhook floor: signed undici POST loop, ${BOTS} receivers`,
          rxs.map((r) => r.url),
          MESSAGES * BOTS,
        ),
      () => serve(`webhook fan-out: ${MESSAGES} messages × ${BOTS} bots (event → receipt)`, MESSAGES, bots),
    );
    const ratio = (a: BenchResult, b: BenchResult) => (a.requestsPerSecond / b.requestsPerSecond).toFixed(2);
    const roundRatios = (a: BenchResult, b: BenchResult) => a.rounds!.map((x, i) => (x / b.rounds![i]!).toFixed(2)).join(", ");
    const rounds = (r: BenchResult) => r.rounds!.join(", ");
    console.error(`bench: webhooks: medians of ${ROUNDS} alternating rounds`);
    const [singleFloor, single] = singles;
    if (single && singleFloor)
      console.error(
        `bench: webhooks: single ${single.requestsPerSecond.toFixed(0)}/s (${rounds(single)}) vs floor ${singleFloor.requestsPerSecond.toFixed(0)}/s (${rounds(singleFloor)}) = ${ratio(single, singleFloor)}× (rounds ${roundRatios(single, singleFloor)})`,
      );
    console.error(
      `bench: webhooks: fan-out ${fan.requestsPerSecond.toFixed(0)}/s (${rounds(fan)}) vs floor ${fanFloor.requestsPerSecond.toFixed(0)}/s (${rounds(fanFloor)}) = ${ratio(fan, fanFloor)}× (rounds ${roundRatios(fan, fanFloor)}; target ≥ 0.40×)`,
    );
    const cpu = [...cpuPerDelivery].map(
      ([l, c]) =>
        `${l} ${median(c.node).toFixed(0)} + ${median(c.pg).toFixed(0)} µs (this process: ${c.node.map((x) => x.toFixed(0)).join(", ")})`,
    );
    console.error(`bench: webhooks: CPU per delivery (medians), this process + PostgreSQL backends: ${cpu.join("; ")}`);
    // Were this process the bottleneck, its rate would follow its CPU per delivery: the same ratio from the
    // kernel's accounting, round by round (less swayed by others' load than the rates).
    const fanCpu = cpuPerDelivery.get("fanout")!;
    const fanFloorCpu = cpuPerDelivery.get("fanout floor")!;
    const cpuRatios = fanCpu.node.map((x, i) => fanFloorCpu.node[i]! / x);
    console.error(
      `bench: webhooks: fan-out, floor's CPU per delivery / service's (this process): ${median(cpuRatios).toFixed(2)} (rounds ${cpuRatios.map((x) => x.toFixed(2)).join(", ")})`,
    );
    return [...singles, fanFloor, fan];
  },
};
