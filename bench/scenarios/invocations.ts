// The invocation chain: users invoke over HTTP; a local bot (plain node:http) gets `command.invoked`,
// verifies the signature and calls respond; the invoker's WebSocket receives `interaction:response`. Open loop at
// fixed offered rates (50/s and 200/s, then upward until p99 passes 100 ms), BENCH_CONNECTIONS users taking turns;
// latency is invoke sent → reply frame received, and a chain with no reply within 10 s counts as lost. Next to it,
// a floor measured in the same run over the same hops with bare node:http and ws and no logic: client POST →
// "service" answers 202 and POSTs to a "bot" → the bot answers 200 and POSTs back → the "service" sends a frame on
// the client's socket. Between the two, the chain's stack floor (as bench/floors/index.ts defines it): the same hops through
// Express 5 + express-openapi-validator on our contract, with the one unavoidable write (the delivery row, before
// its first attempt) and the signatures (invocation-stack-floor-process.ts). Also: the 202 of invoke for one user
// invoking alone (target < 2 ms), for all of them. And the stack floor with the duties the service owes at each hop
// (the limits counted on Redis with the service's limiter, respond's membership read, the reply published on
// Redis for other processes, the attempt's result written): what is left between it and the service is ours.
// Beside the HTTP webhook chain, the same chain with the bot on the gateway (a socket webhook): the bot holds a
// WebSocket to the service, acks each event and calls respond.
// As deployed, the service runs in a process of its own (Parley, and both floors' services alike); the users and
// the bot share this process, so their work never sits in the service's event loop.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import pg from "pg";
import { Redis } from "ioredis";
import { WebSocket } from "ws";
import type { BenchResult, Scenario } from "../context.ts";
import { api } from "../../test/helpers/http.ts";
import { registerUser } from "../../test/helpers/users.ts";
import { insertMember, insertSpace } from "../../test/helpers/fixtures.ts";
import { claimTestRedis, createTestDatabase } from "../../test/helpers/resources.ts";
import { newId } from "../../server/src/platform/ids.ts";
import { BENCH_SECRETS } from "./webhooks.ts";
import { cpuMs, freePort, spawnNode, startParley } from "./realtime-common.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const USERS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 100) / 100;

const listen = async (s: Server) => {
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

/** Opens a socket, authenticates with the service's first frame if given, and routes frames to waiters by id. */
async function socket(url: string, token?: string) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((r, j) => (ws.once("open", r), ws.once("error", j)));
  const waiting = new Map<string, () => void>();
  const early = new Set<string>(); // replies that beat their 202 home
  ws.on("message", (data) => {
    const f = JSON.parse(data.toString());
    if (f.type !== "interaction:response" && f.type !== "reply") return;
    const w = waiting.get(f.interaction_id);
    if (w) w();
    else early.add(f.interaction_id);
  });
  if (token) {
    const ready = new Promise((r) => ws.once("message", r));
    ws.send(JSON.stringify({ type: "auth", token }));
    await ready;
  }
  const reply = (id: string) =>
    new Promise<void>((r) => {
      if (early.delete(id)) return r();
      waiting.set(id, () => (waiting.delete(id), r()));
    });
  return { ws, reply };
}

interface Chain {
  invoke(): Promise<string>;
  reply(id: string): Promise<void>;
}

/** The users of one side (service or floor) and the pid of the process serving them. */
interface Side {
  users: Chain[];
  pid: number;
}

const RATES = (process.env.BENCH_INVOKE_RATES ?? "50,200").split(",").map(Number);
/** BENCH_INVOKE_STEPS: the rates tried upward for the highest with p99 < 100 ms ("" skips them, for A/B runs). */
const STEP_RATES = (process.env.BENCH_INVOKE_STEPS ?? "400,600,800,1000,1300,1600,2000").split(",").filter(Boolean).map(Number);

/**
 * Offers `rate` chains per second for DURATION_S (after a 1 s warm-up at the same rate), users taking turns, and
 * measures invoke sent → reply received. Sends are scheduled against the clock, not after the previous reply.
 */
/**
 * Offers `rate` chains per second (see below) and also reports the serving process's CPU time per measured chain
 * (user + system, from the kernel): unlike latency, it hardly moves with what else runs on the machine.
 */
async function openLoop(name: string, side: Side, rate: number, seconds = DURATION_S): Promise<BenchResult & { cpuMsPerChain: number }> {
  const { users, pid } = side;
  const latencies: number[] = [];
  let failures = 0;
  const inflight: Promise<void>[] = [];
  const one = async (u: Chain, measured: boolean) => {
    const t = performance.now();
    try {
      const id = await u.invoke();
      await Promise.race([u.reply(id), new Promise((_, j) => setTimeout(() => j(new Error("no reply within 10 s")), 10_000).unref())]);
      if (measured) latencies.push(performance.now() - t);
    } catch {
      if (measured) failures++;
    }
  };
  const run = async (ms: number, measured: boolean) => {
    const start = performance.now();
    let sent = 0;
    let turn = 0;
    while (performance.now() - start < ms) {
      const due = Math.floor(((performance.now() - start) / 1000) * rate);
      for (; sent < due; sent++) inflight.push(one(users[turn++ % users.length]!, measured));
      await new Promise((r) => setTimeout(r, 1));
    }
    return sent;
  };
  await run(1000, false);
  const cpu = cpuMs(pid);
  const sent = await run(seconds * 1000, true);
  await Promise.all(inflight);
  const cpuMsPerChain = Math.round(((cpuMs(pid) - cpu) / Math.max(1, latencies.length)) * 100) / 100;
  latencies.sort((a, b) => a - b);
  return {
    name: `${name} @ ${rate}/s`,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requests: sent,
    failures,
    cpuMsPerChain,
  };
}

/** One user invoking alone: the 202's latency, each invoke after the previous chain has finished. */
async function alone(user: Chain, count = 300): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const id = await user.invoke();
    times.push(performance.now() - t);
    await user.reply(id);
  }
  return times.slice(50).sort((a, b) => a - b); // the first ones warm up
}

/**
 * What one round trip to the stores costs on this machine, back to back and after 20 ms of quiet (the gap between
 * chains at 50/s): waking a process that sleeps costs far more here than the work itself, and the chain makes
 * several dependent round trips that the bare hops do not.
 */
async function storeRoundTrips(databaseUrl: string, redisUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const redis = new Redis(redisUrl);
  const med = (a: number[]) =>
    percentile(
      a.sort((x, y) => x - y),
      50,
    );
  const parts: string[] = [];
  try {
    for (const gap of [0, 20]) {
      const sql: number[] = [];
      const kv: number[] = [];
      for (let i = 0; i < 150; i++) {
        let t = performance.now();
        await client.query({ name: "probe", text: "SELECT 1" });
        sql.push(performance.now() - t);
        t = performance.now();
        await redis.ping();
        kv.push(performance.now() - t);
        if (gap) await new Promise((r) => setTimeout(r, gap));
      }
      parts.push(`${gap ? "after 20 ms quiet" : "back to back"}: PostgreSQL ${med(sql)} ms, Redis ${med(kv)} ms`);
    }
  } finally {
    await client.end();
    redis.disconnect();
  }
  return parts.join("; ");
}

/** The same hops, bare: the service in its own process (invocation-floor-process.ts), the bot here. */
async function floor(ctx: Parameters<Scenario["run"]>[0]): Promise<Side> {
  const agent = new Agent({ connections: USERS * 2 });
  ctx.defer(() => agent.close());
  let serviceUrl = "";
  const bot = createServer(async (req, res) => {
    const event = JSON.parse(await readBody(req));
    res.writeHead(200).end();
    const body = JSON.stringify({ interaction_token: event.data.interaction_token, content: `rolled ${event.data.options.sides}` });
    const r = await request(`${serviceUrl}/respond`, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json" },
      body,
    });
    await r.body.dump();
  });
  const botUrl = await listen(bot);
  const port = await freePort();
  serviceUrl = `http://127.0.0.1:${port}`;
  const service = await spawnNode(
    ["--import", "tsx", "bench/scenarios/invocation-floor-process.ts"],
    { PORT: String(port), BOT_URL: botUrl },
    "floor service listening",
    serviceUrl,
  );
  ctx.defer(async () => {
    await service.stop();
    bot.closeAllConnections();
    await new Promise((r) => bot.close(r));
  });
  const users = await floorUsers(ctx, serviceUrl, (i) =>
    request(`${serviceUrl}/invoke`, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: `u${i}` }),
    }),
  );
  return { users, pid: service.proc.pid! };
}

/**
 * A bot (plain node:http, in this process): verifies the webhook's signature (constant time), answers 200, then
 * calls respond at `respondUrl`. `seen` hears of each event when it arrives and when its respond was answered.
 */
async function signedBot(
  ctx: Parameters<Scenario["run"]>[0],
  agent: Agent,
  secret: () => string,
  respondUrl: string,
  botToken: string,
  seen?: (event: { data: { interaction_id: string } }, phase: "webhook" | "responded") => void,
): Promise<string> {
  const botServer = createServer(async (req, res) => {
    const raw = await readBody(req);
    const sig = String(req.headers["x-service-signature"] ?? "");
    const t = /t=(\d+)/.exec(sig)?.[1];
    const v1 = /v1=([0-9a-f]{64})/.exec(sig)?.[1];
    const mac = createHmac("sha256", secret()).update(`${t}.${raw}`).digest();
    if (!t || !v1 || !timingSafeEqual(Buffer.from(v1, "hex"), mac)) return void res.writeHead(400).end();
    res.writeHead(200).end();
    const event = JSON.parse(raw);
    seen?.(event, "webhook");
    const r = await request(respondUrl, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json", authorization: `Bot ${botToken}` },
      body: JSON.stringify({ interaction_token: event.data.interaction_token, content: `rolled ${event.data.options.sides}` }),
    });
    await r.body.dump();
    seen?.(event, "responded");
  });
  const botUrl = await listen(botServer);
  ctx.defer(async () => (botServer.closeAllConnections(), void (await new Promise((r) => botServer.close(r)))));
  return botUrl;
}

/**
 * The stack floor of the chain (as bench/floors/index.ts defines it): Express 5 + express-openapi-validator on our contract,
 * configured as the service's, with only the unavoidable work behind it (invocation-stack-floor-process.ts: the
 * delivery row INSERTed before the 202 and the signed POST, the token verified and the frame on the socket), in its
 * own process on a database of its own (its pending rows are nobody's to sweep); the bot (signature verified) here.
 */
async function stackFloor(ctx: Parameters<Scenario["run"]>[0], duties = false): Promise<Side> {
  const agent = new Agent({ connections: USERS * 2 });
  ctx.defer(() => agent.close());
  const database = await createTestDatabase();
  ctx.defer(() => database.drop());
  const redis = duties ? await claimTestRedis() : undefined;
  if (redis) ctx.defer(() => redis.release());
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const botId = newId();
  const webhookId = newId();
  await db.query("INSERT INTO users (id, username, is_bot) VALUES ($1, $2, true)", [botId, `floorbot_${Date.now() % 1e6}`]);
  await db.query("INSERT INTO bots (user_id, owner_id, token_hash) VALUES ($1, $1, $2)", [botId, randomBytes(32)]);
  await db.query(
    "INSERT INTO webhooks (id, bot_user_id, url, events, secret_enc) VALUES ($1, $2, 'http://127.0.0.1/hook', '{command.invoked}', 'x')",
    [webhookId, botId],
  );
  await db.end();
  const secret = randomBytes(24).toString("hex");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const botUrl = await signedBot(ctx, agent, () => secret, `${url}/api/bot/interactions/respond`, "floor");
  const service = await spawnNode(
    // BENCH_STACK_FLOOR_ARGS: extra node flags for the stack floor, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    [
      ...(process.env.BENCH_STACK_FLOOR_ARGS?.split(" ").filter(Boolean) ?? []),
      "--import",
      "tsx",
      "bench/scenarios/invocation-stack-floor-process.ts",
    ],
    {
      PORT: String(port),
      BOT_URL: `${botUrl}/hook`,
      DATABASE_URL: database.url,
      WEBHOOK_ID: webhookId,
      SECRET: secret,
      BOT_ID: botId,
      ...(redis ? { REDIS_URL: redis.url } : {}),
    },
    "stack floor service listening",
    url,
  );
  ctx.defer(() => service.stop());
  const spaceId = newId();
  const channelId = newId();
  const body = JSON.stringify({ bot_user_id: botId, command: "roll", options: { sides: 6 } });
  const users = await floorUsers(ctx, url, (i) =>
    request(`${url}/api/chat/${spaceId}/${channelId}/commands/invoke`, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json", authorization: `Bearer u${i}` },
      body,
    }),
  );
  return { users, pid: service.proc.pid! };
}

/**
 * A floor's USERS users: user i holds a socket at `<url>/?user=u<i>` (the floor's reply goes there) and invokes
 * with `send(i)`, which must answer 202 and the interaction id.
 */
function floorUsers(ctx: Parameters<Scenario["run"]>[0], url: string, send: (i: number) => ReturnType<typeof request>): Promise<Chain[]> {
  return Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const s = await socket(`${url.replace("http", "ws")}/?user=u${i}`);
      ctx.defer(async () => s.ws.terminate());
      return {
        reply: s.reply,
        async invoke() {
          const r = await send(i);
          if (r.statusCode !== 202) throw new Error(`invoke ${r.statusCode}: ${await r.body.text()}`);
          return ((await r.body.json()) as { interaction_id: string }).interaction_id;
        },
      };
    }),
  );
}

/**
 * A bot on the gateway (in this process): authenticates, pings at the asked interval, acks each event at once, then
 * calls respond at `respondUrl`. Resolves once the gateway answered `ready`.
 */
async function gatewayBot(
  ctx: Parameters<Scenario["run"]>[0],
  agent: Agent,
  baseUrl: string,
  botToken: string,
  seen?: (event: { data: { interaction_id: string } }, phase: "webhook" | "responded") => void,
): Promise<void> {
  const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/api/bot/gateway`, { perMessageDeflate: false });
  await new Promise((r, j) => (ws.once("open", r), ws.once("error", j)));
  const ready = new Promise<{ heartbeat_interval_ms: number }>((resolve) =>
    ws.on("message", (data) => {
      const f = JSON.parse(data.toString());
      if (f.type === "ready") return resolve(f);
      if (f.type !== "event") return;
      ws.send(JSON.stringify({ type: "ack", delivery_id: f.delivery_id }));
      const event = f.event;
      seen?.(event, "webhook");
      void request(`${baseUrl}/api/bot/interactions/respond`, {
        method: "POST",
        dispatcher: agent,
        headers: { "content-type": "application/json", authorization: `Bot ${botToken}` },
        body: JSON.stringify({ interaction_token: event.data.interaction_token, content: `rolled ${event.data.options.sides}` }),
      })
        .then((r) => r.body.dump())
        .then(() => seen?.(event, "responded"));
    }),
  );
  ws.send(JSON.stringify({ type: "auth", token: botToken }));
  const { heartbeat_interval_ms: every } = await ready;
  const beat = setInterval(() => ws.send('{"type":"ping"}'), every);
  ctx.defer(async () => (clearInterval(beat), ws.terminate()));
}

/** Per-stage times of the service chain (ms since the invoke was sent), for the breakdown line. */
const stages = { accepted: [] as number[], webhook: [] as number[], responded: [] as number[] };
const sentAt = new Map<string, number>();

async function service(
  ctx: Parameters<Scenario["run"]>[0],
  transport: "http" | "socket" = "http",
): Promise<Side & { serverSide(): Promise<string>; probe(): Promise<string> }> {
  const agent = new Agent({ connections: USERS * 2 });
  ctx.defer(() => agent.close());
  // The rate limits are the bench's knob (refused in production): the service is measured, not its limits.
  const parley = await startParley({ WEBHOOK_ALLOW_PRIVATE: "true", RATE_LIMIT_MULTIPLIER: "1000000", ...BENCH_SECRETS });
  ctx.defer(() => parley.close());
  const server = { url: parley.parley.url };
  const http = api(server.url);
  const owner = await registerUser(server.url);
  const space = await insertSpace(parley.db, owner.id);
  const botRes = await http.post("/api/bots", { username: `benchbot_${Date.now() % 1e6}` }, { token: owner.token });
  const bot = { id: botRes.body.bot.id as string, token: botRes.body.token as string };
  await http.put(
    "/api/bot/commands",
    {
      commands: [
        {
          name: "roll",
          description: "Roll",
          options: [{ name: "sides", type: "integer", description: "sides", required: true, min: 2, max: 100 }],
        },
      ],
    },
    { bot: bot.token },
  );
  await http.post(
    `/api/spaces/${space.id}/bots`,
    { bot_user_id: bot.id, scopes: ["commands"], allowed_channel_ids: [space.generalId] },
    { token: owner.token },
  );

  const seen = (event: { data: { interaction_id: string } }, phase: "webhook" | "responded") => {
    const sent = sentAt.get(event.data.interaction_id);
    if (sent !== undefined) stages[phase].push(performance.now() - sent);
  };
  if (transport === "socket") {
    // The bot on the gateway: acks each event, then calls respond.
    await http.post(`/api/bots/${bot.id}/webhooks`, { transport: "socket", events: ["command.invoked"] }, { token: owner.token });
    await gatewayBot(ctx, agent, server.url, bot.token);
  } else {
    // The bot: verifies the signature (constant time), answers 200, then calls respond.
    let secret = "";
    const botUrl = await signedBot(ctx, agent, () => secret, `${server.url}/api/bot/interactions/respond`, bot.token, seen);
    secret = (
      await http.post(`/api/bots/${bot.id}/webhooks`, { url: `${botUrl}/hook`, events: ["command.invoked"] }, { token: owner.token })
    ).body.secret;
  }

  const users = await Promise.all(
    Array.from({ length: USERS }, async () => {
      const u = await registerUser(server.url);
      await insertMember(parley.db, space.id, u.id);
      const s = await socket(`${server.url.replace("http", "ws")}/api/ws`, u.token);
      ctx.defer(async () => s.ws.terminate());
      const body = JSON.stringify({ bot_user_id: bot.id, command: "roll", options: { sides: 6 } });
      return {
        reply: s.reply,
        async invoke() {
          const t = performance.now();
          const r = await request(`${server.url}/api/chat/${space.id}/${space.generalId}/commands/invoke`, {
            method: "POST",
            dispatcher: agent,
            headers: { "content-type": "application/json", authorization: `Bearer ${u.token}` },
            body,
          });
          if (r.statusCode !== 202) throw new Error(`invoke ${r.statusCode}: ${await r.body.text()}`);
          const id = ((await r.body.json()) as { interaction_id: string }).interaction_id;
          // The stage breakdown is the HTTP chain's.
          if (transport === "http") {
            sentAt.set(id, t);
            stages.accepted.push(performance.now() - t);
          }
          return id;
        },
      };
    }),
  );
  // Server-side view: the service's own invoke time vs the whole HTTP handling of the route.
  const serverSide = async () => {
    const text = await (await request(`${server.url}/metrics`, { dispatcher: agent })).body.text();
    const mean = (re: RegExp) => {
      const [sum, count] = [...text.matchAll(re)].reduce(
        ([s, c], m) => (m[1] === "sum" ? [s + Number(m[2]), c] : [s, c + Number(m[2])]),
        [0, 0],
      );
      return count ? ((sum / count) * 1000).toFixed(2) : "n/a";
    };
    return (
      `invoke service ${mean(/^command_invoke_duration_seconds_(sum|count)\{result="ok"\} (\S+)$/gm)}, ` +
      `invoke route ${mean(/^http_request_duration_seconds_(sum|count)\{method="POST",route="[^"]*commands\/invoke",status="202"\} (\S+)$/gm)}, ` +
      `respond route ${mean(/^http_request_duration_seconds_(sum|count)\{method="POST",route="[^"]*respond",status="204"\} (\S+)$/gm)}, ` +
      `webhook attempt ${mean(/^webhook_delivery_duration_seconds_(sum|count)\{event="command.invoked"\} (\S+)$/gm)}`
    );
  };
  return { users, pid: parley.parley.proc.pid!, serverSide, probe: () => storeRoundTrips(parley.database.url, parley.redis.url) };
}

export const scenario: Scenario = {
  name: "invocations",
  description: `slash-command chain at ${RATES.join(", ")}/s and up (open loop, ${USERS} users), vs its stack floor and the same hops bare; the 202 at one user`,
  async run(ctx) {
    const f = await floor(ctx);
    const st = await stackFloor(ctx);
    const du = await stackFloor(ctx, true);
    const s = await service(ctx);
    const g = await service(ctx, "socket");
    const med = (a: number[]) =>
      percentile(
        [...a].sort((x, y) => x - y),
        50,
      );
    // One user alone first, on a quiet server: the 202 of invoke (service, then its stack floor and bare floor).
    const soloRows: BenchResult[] = [];
    for (const [label, side] of [
      ["", s],
      [" stack floor", st],
      [" stack floor + duties", du],
      [" bare floor", f],
    ] as const) {
      const solo = await alone(side.users[0]!);
      soloRows.push({
        name: `invoke 202 at one user (sequential)${label}`,
        requestsPerSecond: 0,
        p50Ms: percentile(solo, 50),
        p99Ms: percentile(solo, 99),
        requests: solo.length,
        failures: 0,
      });
    }
    const [soloRow, stackSolo, dutySolo, bareSolo] = soloRows as [BenchResult, BenchResult, BenchResult, BenchResult];
    console.error(
      `bench: invocations: 202 at one user: p50 ${soloRow.p50Ms} ms, p99 ${soloRow.p99Ms} ms (target < 2 ms); stack floor p50 ${stackSolo.p50Ms} ms, p99 ${stackSolo.p99Ms} ms; ` +
        `stack floor + duties p50 ${dutySolo.p50Ms} ms, p99 ${dutySolo.p99Ms} ms; bare floor p50 ${bareSolo.p50Ms} ms, p99 ${bareSolo.p99Ms} ms`,
    );
    stages.accepted.length = stages.webhook.length = stages.responded.length = 0;
    const rows: BenchResult[] = [...soloRows];
    for (const rate of RATES) {
      const floorRow = await openLoop("invoke→reply floor: bare http+ws, same hops", f, rate);
      const stackRow = await openLoop("invoke→reply stack floor: Express + validator, INSERT, undici, ws", st, rate);
      const dutyRow = await openLoop(
        "invoke→reply stack floor + duties: limits on Redis, membership read, PUBLISH, result UPDATE",
        du,
        rate,
      );
      const row = await openLoop("invoke→reply chain: HTTP → webhook → respond → WebSocket", s, rate);
      const gwRow = await openLoop("invoke→reply chain over the gateway: HTTP → gateway event + ack → respond → WebSocket", g, rate);
      rows.push(floorRow, stackRow, dutyRow, row, gwRow);
      console.error(
        `bench: invocations @ ${rate}/s: chain p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, lost ${row.failures}, CPU per chain ${row.cpuMsPerChain} ms | ` +
          `over the gateway p50 ${gwRow.p50Ms} ms, p99 ${gwRow.p99Ms} ms, lost ${gwRow.failures}, CPU ${gwRow.cpuMsPerChain} ms | ` +
          `stack floor p50 ${stackRow.p50Ms} ms, p99 ${stackRow.p99Ms} ms, lost ${stackRow.failures}, CPU ${stackRow.cpuMsPerChain} ms | ` +
          `+ duties p50 ${dutyRow.p50Ms} ms, p99 ${dutyRow.p99Ms} ms, lost ${dutyRow.failures}, CPU ${dutyRow.cpuMsPerChain} ms | ` +
          `bare floor p50 ${floorRow.p50Ms} ms, p99 ${floorRow.p99Ms} ms, CPU ${floorRow.cpuMsPerChain} ms (CPU: the serving process's, per chain)`,
      );
    }
    console.error(
      `bench: invocations: median ms after sending the invoke: 202 ${med(stages.accepted)}, webhook at bot ${med(stages.webhook)}, respond answered ${med(stages.responded)}`,
    );
    let highest = 0;
    for (const rate of STEP_RATES) {
      const row = await openLoop("invoke→reply chain: HTTP → webhook → respond → WebSocket", s, rate);
      console.error(`bench: invocations @ ${rate}/s: chain p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, lost ${row.failures}`);
      if (row.p99Ms >= 100 || row.failures > 0) break;
      highest = rate;
      rows.push(row);
    }
    if (STEP_RATES.length)
      console.error(
        `bench: invocations: highest offered rate with p99 < 100 ms and nothing lost: ${highest ? `${highest}/s` : `below ${STEP_RATES[0]}/s`}`,
      );
    console.error(`bench: invocations: server-side mean ms: ${await s.serverSide()}`);
    console.error(`bench: invocations: one store round trip, median: ${await s.probe()}`);
    return rows;
  },
};
