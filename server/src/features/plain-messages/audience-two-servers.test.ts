// The audience of message.created (which bots' webhooks get a delivery) is cached per process (installs/audience.ts).
// Two servers on one database and Redis: B sends (and so caches the audience), A changes who listens, and B's very
// next send reflects it — deliveries made or not made, counted in the outbox the send writes in its transaction.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../../../test/helpers/resources.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";

let db: TestDatabase, redis: TestRedis, receiver: Receiver, a: TestServer, b: TestServer, sql: pg.Client;
let owner: TestUser;

beforeAll(async () => {
  [db, redis, receiver] = await Promise.all([createTestDatabase(), claimTestRedis(), startReceiver()]);
  const env = { DATABASE_URL: db.url, REDIS_URL: redis.url, LOG_LEVEL: "warn", RATE_LIMIT_MULTIPLIER: "100" };
  a = await startTestServer({ env }); // runs the migrations
  b = await startTestServer({ env });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  owner = await registerUser(a.url);
}, 90_000);
afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([db?.drop(), redis?.release(), receiver?.close()]);
});

const A = () => api(a.url);
const B = () => api(b.url);

interface Setup {
  spaceId: string;
  generalId: string;
  sender: { id: string; token: string };
  listener: { id: string; token: string };
  webhookId: string;
}

let s: Setup;

/** A space with a sending bot and a listening bot (installed on general, webhook for message.created), all on A. */
beforeEach(async () => {
  const space = await A().post("/api/spaces", { name: "audience", visibility: "private" }, { token: owner.token });
  expect(space.status).toBe(201);
  const channels = (await A().get(`/api/spaces/${space.body.id}/channels`, { token: owner.token })).body as { id: string; type: string }[];
  const generalId = channels.find((c) => c.type === "text")!.id;
  const [sender, listener] = await Promise.all([createBot(a.url, owner.token), createBot(a.url, owner.token)]);
  for (const [bot, scopes] of [
    [sender, ["messages.send"]],
    [listener, []],
  ] as const) {
    const res = await A().post(
      `/api/spaces/${space.body.id}/bots`,
      { bot_user_id: bot.id, scopes, allowed_channel_ids: [generalId] },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
  }
  const hook = await A().post(
    `/api/bots/${listener.id}/webhooks`,
    { url: receiver.url, events: ["message.created"] },
    { token: owner.token },
  );
  expect(hook.status).toBe(201);
  s = { spaceId: space.body.id, generalId, sender, listener, webhookId: hook.body.id };
});

/** Sends on B; answers how many message.created deliveries the send recorded for the listener's webhooks. */
async function sendOnB(): Promise<number> {
  const before = await deliveries();
  const res = await B().post(`/api/bot/spaces/${s.spaceId}/channels/${s.generalId}/messages`, { content: "hi" }, { bot: s.sender.token });
  expect(res.status).toBe(201);
  return (await deliveries()) - before;
}

/** Recorded in the send's own transaction: counted right after its answer, no waiting. */
async function deliveries(): Promise<number> {
  const r = await sql.query(
    "SELECT count(*)::int AS n FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.bot_user_id = $1 AND d.type = 'message.created'",
    [s.listener.id],
  );
  return r.rows[0].n;
}

describe("a change on A, the next send on B", () => {
  it("a webhook created on A is heard at B's next send", async () => {
    const other = await createBot(a.url, owner.token);
    await A().post(
      `/api/spaces/${s.spaceId}/bots`,
      { bot_user_id: other.id, scopes: [], allowed_channel_ids: [s.generalId] },
      { token: owner.token },
    );
    const count = async () =>
      (
        await sql.query("SELECT count(*)::int AS n FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.bot_user_id = $1", [
          other.id,
        ])
      ).rows[0].n;
    expect(await sendOnB()).toBe(1); // B now caches the audience: `other` has no webhook
    expect(await count()).toBe(0);
    expect(
      (await A().post(`/api/bots/${other.id}/webhooks`, { url: receiver.url, events: ["message.created"] }, { token: owner.token })).status,
    ).toBe(201);
    await sendOnB();
    expect(await count()).toBe(1);
  });

  it("a webhook deleted on A is not delivered to by B's next send", async () => {
    expect(await sendOnB()).toBe(1);
    expect((await A().del(`/api/bots/${s.listener.id}/webhooks/${s.webhookId}`, { token: owner.token })).status).toBe(204);
    expect(await sendOnB()).toBe(0);
  });

  it("a webhook's events patched on A", async () => {
    expect(await sendOnB()).toBe(1);
    const path = `/api/bots/${s.listener.id}/webhooks/${s.webhookId}`;
    expect((await A().patch(path, { events: ["message.deleted"] }, { token: owner.token })).status).toBe(200);
    expect(await sendOnB()).toBe(0);
    expect((await A().patch(path, { events: ["message.created"] }, { token: owner.token })).status).toBe(200);
    expect(await sendOnB()).toBe(1);
  });

  it("a bot uninstalled on A", async () => {
    expect(await sendOnB()).toBe(1);
    expect((await A().del(`/api/spaces/${s.spaceId}/bots/${s.listener.id}`, { token: owner.token })).status).toBe(204);
    expect(await sendOnB()).toBe(0);
  });

  it("a membership's channels and state patched on A", async () => {
    expect(await sendOnB()).toBe(1);
    const path = `/api/spaces/${s.spaceId}/bots/${s.listener.id}`;
    expect((await A().patch(path, { allowed_channel_ids: [] }, { token: owner.token })).status).toBe(200);
    expect(await sendOnB()).toBe(0);
    expect((await A().patch(path, { allowed_channel_ids: [s.generalId] }, { token: owner.token })).status).toBe(200);
    expect(await sendOnB()).toBe(1);
    expect((await A().patch(path, { state: "suspended" }, { token: owner.token })).status).toBe(200);
    expect(await sendOnB()).toBe(0);
  });

  it("a bot deleted on A", async () => {
    expect(await sendOnB()).toBe(1);
    expect((await A().del(`/api/bots/${s.listener.id}`, { token: owner.token })).status).toBe(204);
    expect(await sendOnB()).toBe(0);
  });

  it("a bot suspended and unsuspended by a service admin on A", async () => {
    await sql.query("UPDATE users SET is_admin = true WHERE id = $1", [owner.id]);
    expect(await sendOnB()).toBe(1);
    expect((await A().post(`/api/bots/${s.listener.id}/suspend`, {}, { token: owner.token })).status).toBe(200);
    expect(await sendOnB()).toBe(0);
    expect((await A().post(`/api/bots/${s.listener.id}/unsuspend`, {}, { token: owner.token })).status).toBe(200);
    expect(await sendOnB()).toBe(1);
  });
});
