// The bot gateway across real server processes sharing PostgreSQL and Redis: an event produced on one process
// reaches the bot's connection on another, and a delivery survives the death of the process holding the
// connection (SIGKILL) and a restart (SIGTERM, then a new process), arriving again with the same id.
import { randomBytes } from "node:crypto";
import knex, { type Knex } from "knex";
import { afterAll, beforeAll, expect, it } from "vitest";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../../../test/helpers/resources.ts";
import { startServerProcess, type ServerProcess } from "../../../../test/helpers/process.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { api } from "../../../../test/helpers/http.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { insertSpace } from "../../../../test/helpers/fixtures.ts";
import { DEMO_COMMANDS } from "../../../../test/helpers/interactions.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

let database: TestDatabase;
let redis: TestRedis;
let db: Knex;
const procs: ServerProcess[] = [];
const sockets: WsClient[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  [database, redis] = await Promise.all([createTestDatabase(), claimTestRedis()]);
  db = knex({ client: "pg", connection: database.url, pool: { min: 0, max: 2 } });
  env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    HOST: "127.0.0.1",
    JWT_SECRET: "gateway-processes-jwt-secret-long-0000",
    BOT_TOKEN_SECRET: "gateway-processes-bot-secret-long-0000",
    // Every process must open the bodies the others sealed.
    DATA_KEY: randomBytes(32).toString("base64"),
    LOG_LEVEL: "warn",
    RATE_LIMIT_MULTIPLIER: "1000",
  };
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.allSettled(procs.map((p) => (p.child.exitCode === null && p.child.signalCode === null ? p.stop() : Promise.resolve())));
  await db?.destroy();
  await database?.drop();
  await redis?.release();
});

async function start(): Promise<ServerProcess> {
  const p = await startServerProcess(env);
  procs.push(p);
  return p;
}

/** An authenticated gateway connection that keeps pinging (the default interval is 30 s). */
async function connectBot(base: string, token: string): Promise<WsClient> {
  const c = await WsClient.open(base, "/api/bot/gateway");
  sockets.push(c);
  c.send({ type: "auth", token });
  expect((await c.next((f) => f.type === "ready" || f.type === "error")).type).toBe("ready");
  const t = setInterval(() => c.ws.readyState === 1 && c.send({ type: "ping" }), 5_000);
  void c.closed.then(() => clearInterval(t));
  return c;
}

async function socketBot(base: string, owner: TestUser, events: string[]) {
  const bot = await createBot(base, owner.token);
  const hook = await api(base).post(`/api/bots/${bot.id}/webhooks`, { transport: "socket", events }, { token: owner.token });
  expect(hook.status).toBe(201);
  const path = `/api/bots/${bot.id}/webhooks/${hook.body.id}`;
  return {
    ...bot,
    ping: async (at: string) => (await api(at).post(`${path}/ping`, undefined, { token: owner.token })).body.delivery_id as string,
    delivery: async (at: string, id: string) =>
      ((await api(at).get(`${path}/deliveries`, { token: owner.token })).body as any[]).find((d) => d.id === id),
  };
}

it("delivers an invocation made on B to the bot's connection on A, and the reply reaches the user on B", { timeout: 240_000 }, async () => {
  const [a, b] = [await start(), await start()];
  const owner = await registerUser(b.url);
  const space = await insertSpace(db, owner.id);
  const bot = await socketBot(a.url, owner, ["command.invoked"]);
  expect((await api(a.url).put("/api/bot/commands", { commands: DEMO_COMMANDS }, { bot: bot.token })).status).toBe(200);
  const install = await api(b.url).post(
    `/api/spaces/${space.id}/bots`,
    { bot_user_id: bot.id, scopes: ["commands"], allowed_channel_ids: [space.generalId] },
    { token: owner.token },
  );
  expect(install.status).toBe(201);
  const gateway = await connectBot(a.url, bot.token);
  const user = (await WsClient.ready(b.url, owner.token)).client;
  sockets.push(user);

  const invoked = await api(b.url).post(
    `/api/chat/${space.id}/${space.generalId}/commands/invoke`,
    { bot_user_id: bot.id, command: "roll", options: { sides: 6 } },
    { token: owner.token },
  );
  expect(invoked.status).toBe(202);
  const frame = await gateway.next((f) => f.type === "event", 15_000);
  expect(frame.event).toMatchObject({ type: "command.invoked", data: { command: "roll", options: { sides: 6 } } });
  gateway.send({ type: "ack", delivery_id: frame.delivery_id });
  const reply = await api(a.url).post(
    "/api/bot/interactions/respond",
    { interaction_token: frame.event.data.interaction_token, content: "4" },
    { bot: bot.token },
  );
  expect(reply.status).toBe(204);
  expect(await user.next((f) => f.type === "interaction:response", 10_000)).toMatchObject({ content: "4", bot_user_id: bot.id });
});

it(
  "loses no delivery when the process holding the connection is killed before the ack, nor across a restart",
  { timeout: 300_000 },
  async () => {
    const [a, b] = [await start(), await start()];
    const owner = await registerUser(b.url);
    const bot = await socketBot(b.url, owner, ["webhook.ping"]);

    // Killed: the connection is on A, the event made through B; the bot does not ack, A dies (SIGKILL).
    const onA = await connectBot(a.url, bot.token);
    const first = await bot.ping(b.url);
    await onA.next((f) => f.type === "event" && f.delivery_id === first, 15_000);
    await a.kill();
    const onB = await connectBot(b.url, bot.token);
    await onB.next((f) => f.type === "event" && f.delivery_id === first, 60_000);
    onB.send({ type: "ack", delivery_id: first });
    await expect.poll(() => bot.delivery(b.url, first), { timeout: 15_000 }).toMatchObject({ status: "delivered" });

    // Restarted: B stops gracefully with the delivery unacknowledged; a new process C takes over.
    const second = await bot.ping(b.url);
    await onB.next((f) => f.type === "event" && f.delivery_id === second, 15_000);
    await b.stop();
    expect((await onB.closedWithin(5_000)).code).toBe(1001);
    const c = await start();
    const onC = await connectBot(c.url, bot.token);
    await onC.next((f) => f.type === "event" && f.delivery_id === second, 60_000);
    onC.send({ type: "ack", delivery_id: second });
    await expect.poll(() => bot.delivery(c.url, second), { timeout: 15_000 }).toMatchObject({ status: "delivered" });
  },
);
