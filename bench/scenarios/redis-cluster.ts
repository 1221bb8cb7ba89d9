// The service on one Redis and on a local Redis Cluster (six redis-servers, 3 masters and 3 replicas, from
// test/helpers/redis-cluster.ts), in the same run, each in a process of its own on a database of its own:
//  - send: POST bot message under autocannon (the three limits in one script, the INSERT, the frame published);
//  - fan-out: MESSAGES bot messages to a channel BOTS bots subscribe to, event → receipt at their receivers
//    (outbox rows, the job queue, the workers, the results);
//  - chain: USERS members invoking a command in a closed loop, each waiting for its reply on its WebSocket (the
//    invoke, the webhook, the bot's respond, the reply published to the invoker's socket).
// Rounds alternate between the two (the order flips every round); medians. The cluster's figure over the single
// Redis one is quoted for each case; below 0.70× wants a profile (BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=…",
// summarised with bench/profile-summary.mjs). BENCH_REDIS_CLUSTER_PORT: the cluster's first port (six in a row),
// else free ones.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { WebSocket } from "ws";
import { medianRow, type BenchContext, type BenchResult, type Scenario } from "../context.ts";
import { api } from "../../test/helpers/http.ts";
import { registerUser } from "../../test/helpers/users.ts";
import { insertMember, insertSpace } from "../../test/helpers/fixtures.ts";
import { newId } from "../../server/src/platform/ids.ts";
import { redisClusterUnavailable, startRedisCluster } from "../../test/helpers/redis-cluster.ts";
import { BENCH_SECRETS } from "./webhooks.ts";
import { percentile, sleep, startParley } from "./realtime-common.ts";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 3);
const MESSAGES = Number(process.env.BENCH_CLUSTER_MESSAGES ?? 200);
const BOTS = 10;
const USERS = 10;
const IN_FLIGHT = 10;

/** Local webhook receivers answer 200 at once, then run `then` with the body. */
async function receiver(ctx: BenchContext, then: (body: string) => void) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200).end();
      then(Buffer.concat(chunks).toString("utf8"));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  ctx.defer(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

/** A member's WebSocket, authenticated, resolving each interaction's reply by id. */
async function replies(ctx: BenchContext, url: string, token: string) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((r, j) => (ws.once("open", r), ws.once("error", j)));
  ctx.defer(async () => void ws.terminate());
  const waiting = new Map<string, () => void>();
  const early = new Set<string>();
  ws.on("message", (data) => {
    const f = JSON.parse(data.toString()) as { type: string; interaction_id?: string };
    if (f.type !== "interaction:response" || !f.interaction_id) return;
    const w = waiting.get(f.interaction_id);
    if (w) w();
    else early.add(f.interaction_id);
  });
  const ready = new Promise((r) => ws.once("message", r));
  ws.send(JSON.stringify({ type: "auth", token }));
  await ready;
  return (id: string) =>
    new Promise<void>((resolve, reject) => {
      if (early.delete(id)) return resolve();
      const timer = setTimeout(() => (waiting.delete(id), reject(new Error("no reply within 10 s"))), 10_000);
      waiting.set(id, () => (clearTimeout(timer), waiting.delete(id), resolve()));
    });
}

interface Backend {
  label: string;
  send(): Promise<BenchResult>;
  fanout(): Promise<BenchResult>;
  chain(): Promise<BenchResult>;
}

/** A service on `redisEnv` with its bots, listeners and members, and the three measurements against it. */
async function backend(ctx: BenchContext, label: string, redisEnv: Record<string, string>): Promise<Backend> {
  const agent = new Agent({ connections: 64 });
  ctx.defer(() => agent.close());
  const parley = await startParley({ WEBHOOK_ALLOW_PRIVATE: "true", RATE_LIMIT_MULTIPLIER: "1000000", ...BENCH_SECRETS, ...redisEnv });
  ctx.defer(() => parley.close());
  const url = parley.parley.url;
  const http = api(url);
  const owner = await registerUser(url);
  const space = await insertSpace(parley.db, owner.id);
  // Fan-out's listeners see a channel of their own, so sends and chains cause no deliveries.
  const fanChannel = newId();
  await parley.db("channels").insert({ id: fanChannel, space_id: space.id, name: "fanout", type: "text", position: 2 });
  const newBot = async (scopes: string[], channels = [space.generalId]) => {
    const b = await http.post(
      "/api/bots",
      { username: `rc_${Date.now() % 1e7}_${Math.floor(Math.random() * 1e4)}` },
      { token: owner.token },
    );
    const bot = { id: b.body.bot.id as string, token: b.body.token as string };
    await http.post(`/api/spaces/${space.id}/bots`, { bot_user_id: bot.id, scopes, allowed_channel_ids: channels }, { token: owner.token });
    return bot;
  };
  let arrived = 0;
  let onArrival = () => {};
  for (let i = 0; i < BOTS; i++) {
    const bot = await newBot(["messages.send"], [fanChannel]);
    const rx = await receiver(ctx, () => (arrived++, onArrival()));
    await http.post(`/api/bots/${bot.id}/webhooks`, { url: rx, events: ["message.created"] }, { token: owner.token });
  }
  const sender = await newBot(["messages.send"], [space.generalId, fanChannel]);

  const commands = await newBot(["commands"]);
  await http.put("/api/bot/commands", { commands: [{ name: "ping", description: "Ping" }] }, { bot: commands.token });
  const botRx = await receiver(ctx, (body) => {
    const event = JSON.parse(body) as { data: { interaction_token: string } };
    void request(`${url}/api/bot/interactions/respond`, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json", authorization: `Bot ${commands.token}` },
      body: JSON.stringify({ interaction_token: event.data.interaction_token, content: "pong" }),
    }).then(
      (r) => r.body.dump(),
      () => {},
    );
  });
  await http.post(`/api/bots/${commands.id}/webhooks`, { url: botRx, events: ["command.invoked"] }, { token: owner.token });
  const members = await Promise.all(
    Array.from({ length: USERS }, async () => {
      const u = await registerUser(url);
      await insertMember(parley.db, space.id, u.id);
      return { token: u.token, reply: await replies(ctx, `${url.replace("http", "ws")}/api/ws`, u.token) };
    }),
  );

  const post = async (path: string, authorization: string, body: string) => {
    const r = await request(url + path, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json", authorization },
      body,
    });
    if (r.statusCode >= 300) throw new Error(`${path} answered ${r.statusCode}: ${await r.body.text()}`);
    return r.body.json() as Promise<Record<string, string>>;
  };
  const message = JSON.stringify({ content: "The quick brown fox jumps over the lazy dog." });

  return {
    label,
    send: () =>
      ctx.load(`send (POST bot message), ${label}`, {
        url: `${url}/api/bot/spaces/${space.id}/channels/${space.generalId}/messages`,
        method: "POST",
        headers: { authorization: `Bot ${sender.token}` },
        body: { content: "The quick brown fox jumps over the lazy dog." },
      }),
    async fanout() {
      const expected = arrived + MESSAGES * BOTS;
      const all = new Promise<void>((r) => (onArrival = () => arrived >= expected && r()));
      const started = performance.now();
      const latencies: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next++ < MESSAGES) {
            const t = performance.now();
            await post(`/api/bot/spaces/${space.id}/channels/${fanChannel}/messages`, `Bot ${sender.token}`, message);
            latencies.push(performance.now() - t);
          }
        }),
      );
      const missing = await Promise.race([all.then(() => 0), sleep(60_000).then(() => expected - arrived)]);
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return {
        name: `fan-out (${MESSAGES} messages × ${BOTS} bots, deliveries/s), ${label}`,
        requestsPerSecond: (MESSAGES * BOTS - missing) / seconds,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        requests: MESSAGES * BOTS - missing,
        failures: missing,
      };
    },
    async chain() {
      const invoke = JSON.stringify({ bot_user_id: commands.id, command: "ping" });
      const latencies: number[] = [];
      let failures = 0;
      const end = performance.now() + DURATION * 1000;
      await Promise.all(
        members.map(async (m) => {
          while (performance.now() < end) {
            const t = performance.now();
            try {
              const { interaction_id } = await post(
                `/api/chat/${space.id}/${space.generalId}/commands/invoke`,
                `Bearer ${m.token}`,
                invoke,
              );
              await m.reply(interaction_id!);
              latencies.push(performance.now() - t);
            } catch {
              failures++;
            }
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return {
        name: `chain (invoke → webhook → respond → reply frame, ${USERS} members), ${label}`,
        requestsPerSecond: latencies.length / DURATION,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        requests: latencies.length,
        failures,
      };
    },
  };
}

export const scenario: Scenario = {
  name: "redis-cluster",
  description: "send, webhook fan-out and the invocation chain on one Redis and on a 6-node Redis Cluster, same run",
  async run(ctx) {
    const why = redisClusterUnavailable();
    if (why) {
      console.error(`bench: redis-cluster: skipped: ${why}`);
      return [];
    }
    const basePort = process.env.BENCH_REDIS_CLUSTER_PORT ? Number(process.env.BENCH_REDIS_CLUSTER_PORT) : undefined;
    const cluster = await startRedisCluster({ basePort });
    ctx.defer(() => cluster.stop());
    const single = await backend(ctx, "one Redis", {});
    const clustered = await backend(ctx, "Redis Cluster", { REDIS_URL: "", REDIS_CLUSTER_NODES: cluster.nodes });
    // Warm-up of both (JIT, pools, caches, queues), unmeasured.
    for (const b of [single, clustered]) {
      await b.fanout();
      await b.chain();
    }
    const results = new Map<string, BenchResult[]>();
    const keep = (r: BenchResult) => results.set(r.name, [...(results.get(r.name) ?? []), r]);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [single, clustered] : [clustered, single];
      for (const measure of ["send", "fanout", "chain"] as const) for (const b of order) keep(await b[measure]());
    }
    const rows = [...results.values()].map(medianRow);
    for (let i = 0; i < rows.length; i += 2) {
      const [one, many] = [rows[i]!, rows[i + 1]!];
      const ratio = many.requestsPerSecond / one.requestsPerSecond;
      console.error(
        `bench: redis-cluster: ${one.name.replace(/, one Redis$/, "")}: cluster ${many.requestsPerSecond.toFixed(0)}/s (${many.rounds!.join(", ")}) vs one Redis ${one.requestsPerSecond.toFixed(0)}/s (${one.rounds!.join(", ")}) = ${ratio.toFixed(2)}×${ratio < 0.7 ? " (below 0.70×: profile it)" : ""}`,
      );
    }
    return rows;
  },
};
