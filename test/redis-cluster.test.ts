// The API through three server processes on a real Redis Cluster (3 masters, 3 replicas; REDIS_CLUSTER_NODES):
// requests go through a load balancer that sends each to the next process, and every Redis duty must work across
// them: sign-up and spaces, message fan-out over WebSocket (sharded pub/sub), a bot's sends under its three
// limits (one script over keys that must share a slot), presence (the connection ledger and the facts), cache
// invalidation, and webhook deliveries through BullMQ (hash-tagged queue prefixes, the delivery queue split by webhook).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./helpers/process.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/resources.ts";
import { clusterProcessEnv, redisClusterUnavailable, startRedisCluster, type TestRedisCluster } from "./helpers/redis-cluster.ts";
import { api } from "./helpers/http.ts";
import { registerUser, type TestUser } from "./helpers/users.ts";
import { createBot } from "./helpers/bots.ts";
import { WsClient } from "./helpers/ws.ts";
import { startReceiver, type Receiver } from "./helpers/receiver.ts";
import { startBalancer, type Balancer } from "./helpers/balancer.ts";
import { Cluster, Redis } from "ioredis";
import { CLUSTER_DELIVERY_QUEUES, shardOf } from "../server/src/features/webhooks/jobs.ts";

const unavailable = redisClusterUnavailable();
if (unavailable) console.warn(unavailable);

let cluster: TestRedisCluster;
let database: TestDatabase;
let procs: ServerProcess[] = [];
let receiver: Receiver;
let balancer: Balancer;
/** The API through the load balancer in front of the processes. */
const lb = () => api(balancer.url);

/** The sharded subscribers of a space's topic: one per process that hears the space. */
async function processesHearing(spaceId: string): Promise<number> {
  const topic = `ps:rt:space:${spaceId}`;
  const master = new Redis((await cluster.masterOf(topic)).port, "127.0.0.1");
  try {
    const [, n] = (await master.call("PUBSUB", "SHARDNUMSUB", topic)) as [string, number];
    return Number(n);
  } finally {
    master.disconnect();
  }
}

async function until(what: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(unavailable)("the API on a Redis Cluster, through three processes", () => {
  beforeAll(async () => {
    [cluster, database, receiver] = await Promise.all([startRedisCluster(), createTestDatabase(), startReceiver()]);
    const env = clusterProcessEnv(cluster, database.url);
    procs = await Promise.all([0, 1, 2].map(() => startServerProcess(env, { timeoutMs: 120_000 })));
    balancer = await startBalancer(procs.map((p) => p.url));
  }, 150_000);
  afterAll(async () => {
    await balancer?.close();
    await Promise.all(procs.map((p) => p.stop()));
    await Promise.all([database?.drop(), cluster?.stop(), receiver?.close()]);
  });

  let owner: TestUser, member: TestUser;
  let spaceId: string, generalId: string;

  it("signs up, makes a space and fans a message out to sockets on every process", async () => {
    [owner, member] = await Promise.all([registerUser(procs[0]!.url), registerUser(procs[1]!.url)]);
    const space = await lb().post("/api/spaces", { name: "cluster", visibility: "public" }, { token: owner.token });
    expect(space.status).toBe(201);
    spaceId = space.body.id;
    expect((await lb().post(`/api/spaces/${spaceId}/join`, undefined, { token: member.token })).status).toBe(200);
    const channels = await lb().get(`/api/spaces/${spaceId}/channels`, { token: owner.token });
    generalId = channels.body.find((c: { type: string }) => c.type === "text").id;

    const onB = (await WsClient.ready(procs[1]!.url, member.token)).client;
    const onC = (await WsClient.ready(procs[2]!.url, owner.token)).client;
    // And one through the balancer (an upgrade piped to whichever process is next).
    const viaLb = (await WsClient.ready(balancer.url, member.token)).client;
    const posted = await api(procs[0]!.url).post(
      `/api/chat/${spaceId}/${generalId}/messages`,
      { ciphertext: "AAAA" },
      { token: owner.token },
    );
    expect(posted.status).toBe(201);
    for (const c of [onB, onC, viaLb])
      expect(await c.next((f) => f.type === "message:created" && f.id === posted.body.id)).toMatchObject({ ciphertext: "AAAA" });
    viaLb.close();
    // Only the processes holding a member's socket hear the space (the first holds none), on the shard owning its topic.
    await until(async () => (await processesHearing(spaceId)) === 2);
    onB.close();
    await until(async () => (await processesHearing(spaceId)) === 1);
    onC.close();
    await until(async () => (await processesHearing(spaceId)) === 0);
  });

  it("counts a bot's three send limits in one script: 5 sends to a channel pass, the 6th is refused", async () => {
    // The channel limit is 5 per second: the burst gets another try on a machine too busy to send it in one.
    for (let attempt = 0; ; attempt++) {
      const bot = await createBot(procs[0]!.url, owner.token);
      const installed = await lb().post(
        `/api/spaces/${spaceId}/bots`,
        { bot_user_id: bot.id, scopes: ["messages.send"], allowed_channel_ids: [generalId] },
        { token: owner.token },
      );
      expect(installed.status).toBe(201);
      const send = (i: number) =>
        lb().post(`/api/bot/spaces/${spaceId}/channels/${generalId}/messages`, { content: `b${i}` }, { bot: bot.token });
      const started = Date.now();
      const first = await Promise.all([0, 1, 2, 3, 4].map(send));
      const sixth = await send(5);
      if (Date.now() - started > 900 && attempt < 3) continue;
      expect(first.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ detail: `msg:ch:${bot.id}:${generalId} > 5/1s` });
      return;
    }
  });

  it("keeps presence across processes: a socket on one process makes its user online for every other", async () => {
    const newcomer = await registerUser(procs[1]!.url);
    expect((await lb().post(`/api/spaces/${spaceId}/join`, undefined, { token: newcomer.token })).status).toBe(200);
    const watcher = (await WsClient.ready(procs[0]!.url, owner.token)).client;
    const socket = (await WsClient.ready(procs[2]!.url, newcomer.token)).client;
    expect(await watcher.next((f) => f.type === "presence:update" && f.user_id === newcomer.id)).toMatchObject({ status: "online" });
    expect((await api(procs[1]!.url).get("/api/users/me/presence", { token: newcomer.token })).body.status).toBe("online");
    socket.close();
    watcher.close();
  });

  it("invalidates a cached session on every process (sharded pub/sub) when it is logged out", async () => {
    const user = await registerUser(procs[0]!.url);
    for (const p of procs) expect((await api(p.url).get("/api/users/me", { token: user.token })).status).toBe(200);
    expect((await api(procs[1]!.url).post("/api/auth/logout", undefined, { token: user.token })).status).toBe(200);
    for (const p of procs) expect((await api(p.url).get("/api/users/me", { token: user.token })).status).toBe(401);
  });

  it("delivers a webhook through BullMQ on the cluster", async () => {
    const bot = await createBot(procs[0]!.url, owner.token);
    const hook = await lb().post(`/api/bots/${bot.id}/webhooks`, { url: receiver.url, events: ["member.joined"] }, { token: owner.token });
    expect(hook.status).toBe(201);
    const installed = await lb().post(
      `/api/spaces/${spaceId}/bots`,
      { bot_user_id: bot.id, scopes: ["commands"], allowed_channel_ids: [generalId] },
      { token: owner.token },
    );
    expect(installed.status).toBe(201);
    const guest = await registerUser(procs[2]!.url);
    expect((await lb().post(`/api/spaces/${spaceId}/join`, undefined, { token: guest.token })).status).toBe(200);
    const [got] = await receiver.waitFor(1, 20_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${procs.map((p) => p.output()).join("\n")}`);
    });
    expect(JSON.parse(got!.raw)).toMatchObject({ type: "member.joined", data: { user_id: guest.id } });
  });

  it("splits the delivery queue by webhook: each queue carries the jobs of its webhooks, and only those", { timeout: 90_000 }, async () => {
    const shards = CLUSTER_DELIVERY_QUEUES.length;
    const own = await startReceiver();
    // First attempts are made in the process that recorded them when it has room; retries always go through the
    // queue. The first attempt of each of the guest's deliveries fails, so its retry (job `<delivery>.1`) is queued.
    // Only those: each bot installed below is a member joining too, heard by the webhooks made before it, and five
    // failed deliveries in a row would suspend a webhook, whose retries are then skipped.
    const guest = await registerUser(procs[1]!.url);
    const tried = new Set<string>();
    own.respond((r, res) => {
      const id = String(r.headers["x-service-delivery"]);
      const failFirst = (JSON.parse(r.raw) as { data?: { user_id?: string } }).data?.user_id === guest.id;
      res.writeHead(failFirst && !tried.has(id) ? 500 : 200).end();
      tried.add(id);
    });
    try {
      // Webhooks until every queue has one (a webhook's queue follows from its id).
      const hookOfBot = new Map<string, string>();
      const covered = new Set<number>();
      while (covered.size < shards && hookOfBot.size < 30) {
        const bot = await createBot(procs[0]!.url, owner.token);
        const hook = await lb().post(`/api/bots/${bot.id}/webhooks`, { url: own.url, events: ["member.joined"] }, { token: owner.token });
        const installed = await lb().post(
          `/api/spaces/${spaceId}/bots`,
          { bot_user_id: bot.id, scopes: ["commands"], allowed_channel_ids: [generalId] },
          { token: owner.token },
        );
        expect([hook.status, installed.status]).toEqual([201, 201]);
        hookOfBot.set(bot.id, hook.body.id);
        covered.add(shardOf(hook.body.id, shards));
      }
      expect(covered.size, [...hookOfBot.values()].join()).toBe(shards);
      expect((await lb().post(`/api/spaces/${spaceId}/join`, undefined, { token: guest.token })).status).toBe(200);
      // The guest's member.joined deliveries, each answered twice (a failed first attempt, then its retry).
      const retries = () =>
        own.received.filter(
          (r, i, all) =>
            JSON.parse(r.raw).data?.user_id === guest.id &&
            all.slice(0, i).some((e) => e.headers["x-service-delivery"] === r.headers["x-service-delivery"]),
        );
      await expect.poll(() => retries().length, { timeout: 30_000 }).toBe(hookOfBot.size);
      const got = retries();
      // Each retry's job completed on its webhook's queue (BullMQ's event stream of that queue), on no other.
      const redis = new Cluster(cluster.nodes.split(",").map((n) => ({ host: "127.0.0.1", port: Number(n.split(":")[1]) })));
      try {
        // A job completes once its result is recorded, a little after the receiver answered.
        const queueOf = async (delivery: string) => {
          const found = await Promise.all(
            CLUSTER_DELIVERY_QUEUES.map(async (name) => {
              const entries = (await redis.xrange(`{bull:${name}}:${name}:events`, "-", "+")) as [string, string[]][];
              return entries.some(([, f]) => f[1] === "completed" && f.includes(`${delivery}.1`));
            }),
          );
          return found.flatMap((hit, i) => (hit ? [i] : []));
        };
        for (const r of got) {
          const hookId = hookOfBot.get(JSON.parse(r.raw).bot_user_id)!;
          const delivery = String(r.headers["x-service-delivery"]);
          await expect.poll(() => queueOf(delivery), { timeout: 10_000 }).toEqual([shardOf(hookId, shards)]);
        }
      } finally {
        redis.disconnect();
      }
    } finally {
      await own.close();
    }
  });
});
