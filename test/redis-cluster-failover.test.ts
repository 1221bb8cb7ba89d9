// A Redis Cluster master killed (SIGKILL) while a bot sends and a user is connected, through two server processes:
// every send answered 201 is stored; while the master's slots are away, the bot's limits (whose keys live there)
// fail closed with the 429 of docs/limits.md#fail-closed; once its replica has taken over, everything works again without a restart:
// sends are counted and pass, the realtime subscriptions are back (the user's socket hears new messages), the
// caches were dropped (a session revoked meanwhile, whose invalidation the process never heard, is refused at
// once), and BullMQ delivers webhooks.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LIMITER_UNAVAILABLE } from "../server/src/platform/errors.ts";
import { startServerProcess, type ServerProcess } from "./helpers/process.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/resources.ts";
import { clusterProcessEnv, redisClusterUnavailable, startRedisCluster, type TestRedisCluster } from "./helpers/redis-cluster.ts";
import { api, type Reply } from "./helpers/http.ts";
import { registerUser } from "./helpers/users.ts";
import { createBot } from "./helpers/bots.ts";
import { WsClient } from "./helpers/ws.ts";
import { startReceiver, type Receiver } from "./helpers/receiver.ts";

const unavailable = redisClusterUnavailable();
if (unavailable) console.warn(unavailable);

let cluster: TestRedisCluster;
let database: TestDatabase;
let a: ServerProcess, b: ServerProcess;
let receiver: Receiver;

describe.skipIf(unavailable)("a Redis Cluster master failover under load", () => {
  beforeAll(async () => {
    [cluster, database, receiver] = await Promise.all([startRedisCluster(), createTestDatabase(), startReceiver()]);
    const env = clusterProcessEnv(cluster, database.url, {
      // The bot sends as fast as it can for seconds: the per-channel limit (5/s) must not be what refuses it.
      RATE_LIMIT_MULTIPLIER: "100",
    });
    [a, b] = await Promise.all([startServerProcess(env, { timeoutMs: 120_000 }), startServerProcess(env, { timeoutMs: 120_000 })]);
  }, 150_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([database?.drop(), cluster?.stop(), receiver?.close()]);
  });

  it("loses no accepted send, fails closed meanwhile, and recovers without a restart", async () => {
    const http = api(a.url);
    // The master that will die holds the session invalidations' channel; the space's realtime channel and the
    // bot's limiter keys are chosen to live there too.
    const doomed = await cluster.masterOf("ps:cache:sessions");
    const onDoomed = async (key: string) => (await cluster.masterOf(key)).port === doomed.port;
    const owner = await registerUser(a.url);
    const member = await registerUser(b.url);
    let spaceId = "";
    for (let i = 0; i < 30 && !spaceId; i++) {
      const s = await http.post("/api/spaces", { name: `failover ${i}`, visibility: "public" }, { token: owner.token });
      if (await onDoomed(`ps:rt:space:${s.body.id}`)) spaceId = s.body.id;
    }
    expect(spaceId).not.toBe("");
    expect((await api(b.url).post(`/api/spaces/${spaceId}/join`, undefined, { token: member.token })).status).toBe(200);
    const generalId = (await http.get(`/api/spaces/${spaceId}/channels`, { token: owner.token })).body.find(
      (c: { type: string }) => c.type === "text",
    ).id;
    let bot = await createBot(a.url, owner.token);
    for (let i = 0; i < 30 && !(await onDoomed(`{${bot.id}}`)); i++) bot = await createBot(a.url, owner.token);
    expect(await onDoomed(`{${bot.id}}`)).toBe(true);
    const installed = await http.post(
      `/api/spaces/${spaceId}/bots`,
      { bot_user_id: bot.id, scopes: ["messages.send"], allowed_channel_ids: [generalId] },
      { token: owner.token },
    );
    expect(installed.status).toBe(201);
    const hook = await http.post(`/api/bots/${bot.id}/webhooks`, { url: receiver.url, events: ["member.joined"] }, { token: owner.token });
    expect(hook.status).toBe(201);

    // A session B has cached, and the member's socket on B.
    const victim = await registerUser(a.url);
    expect((await api(b.url).get("/api/users/me", { token: victim.token })).status).toBe(200);
    const socket = (await WsClient.ready(b.url, member.token)).client;

    const accepted: string[] = [];
    const refused: Reply[] = [];
    let stop = false;
    const sender = (async () => {
      for (let i = 0; !stop; i++) {
        const r = await api(i % 2 ? a.url : b.url).post(
          `/api/bot/spaces/${spaceId}/channels/${generalId}/messages`,
          { content: `m${i}` },
          { bot: bot.token },
        );
        if (r.status === 201) accepted.push(r.body.id);
        else refused.push(r);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await vi.waitFor(() => expect(accepted.length).toBeGreaterThanOrEqual(5), { timeout: 10_000, interval: 50 });

    await doomed.kill();
    // Revoked behind B's back while the master is away: only dropping the caches makes B notice.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1", [victim.id]);
    await db.end();
    await vi.waitFor(() => expect(refused.length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });

    await cluster.waitHealthy();
    const before = accepted.length;
    await vi.waitFor(() => expect(accepted.length).toBeGreaterThan(before + 5), { timeout: 20_000, interval: 100 });
    stop = true;
    await sender;

    for (const r of refused) expect({ status: r.status, body: r.body }).toEqual({ status: 429, body: { detail: LIMITER_UNAVAILABLE } });
    // Nothing accepted is lost.
    const stored = await api(b.url).get(`/api/bot/spaces/${spaceId}/channels/${generalId}/messages?limit=100`, { bot: bot.token });
    expect(stored.status).toBe(200);
    const ids = new Set((stored.body as { id: string }[]).map((m) => m.id));
    expect(accepted.filter((id) => !ids.has(id))).toEqual([]);
    // Subscriptions back: the socket on B hears a message sent after the failover.
    const last = accepted.at(-1)!;
    await socket.next((f) => f.type === "message:created" && f.id === last, 10_000);
    // Caches dropped: the session revoked during the outage is refused by B.
    await vi.waitFor(async () => expect((await api(b.url).get("/api/users/me", { token: victim.token })).status).toBe(401), {
      timeout: 10_000,
      interval: 200,
    });
    // BullMQ works again: a webhook delivery after the failover arrives.
    const guest = await registerUser(b.url);
    expect((await api(b.url).post(`/api/spaces/${spaceId}/join`, undefined, { token: guest.token })).status).toBe(200);
    await vi.waitFor(
      () =>
        expect(
          receiver.received.map((r) => JSON.parse(r.raw) as { data: { user_id?: string } }).some((e) => e.data.user_id === guest.id),
        ).toBe(true),
      { timeout: 20_000, interval: 100 },
    );
    socket.close();
  }, 120_000);
});
