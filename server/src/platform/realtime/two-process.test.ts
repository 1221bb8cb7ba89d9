// Two real server processes sharing PostgreSQL and Redis behave as one: a frame published on A reaches a socket
// connected to B, a session revoked through A closes its socket on B, and a process hears a space only while it holds
// a member's socket.
import { spawn, type ChildProcess } from "node:child_process";
import knex, { type Knex } from "knex";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../../../test/helpers/resources.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { api } from "../../../../test/helpers/http.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";
import { freePort } from "../../../../test/helpers/ports.ts";
import { InteractionTokens } from "../../features/interactions/token.ts";
import { newId } from "../ids.ts";

const BOT_TOKEN_SECRET = "two-process-bot-secret-long-enough-0000";
let database: TestDatabase;
let redis: TestRedis;
let db: Knex;
const procs: ChildProcess[] = [];
let control: Redis;

async function spawnServer(port: number): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: new URL("../../../../", import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      JWT_SECRET: "two-process-jwt-secret-long-enough-0000",
      BOT_TOKEN_SECRET,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      // Every space is large here: a large space's frames travel the same way as a small one's (docs/running-at-scale.md).
      LARGE_SPACE_THRESHOLD: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  procs.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server on ${port} did not start: ${output}`)), 40_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes("Parley is listening")) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server on ${port} exited with ${code}: ${output}`)));
  });
}

let a: string, b: string;

beforeAll(async () => {
  [database, redis] = await Promise.all([createTestDatabase(), claimTestRedis()]);
  // One after the other: the first runs the migrations.
  a = await spawnServer(await freePort());
  b = await spawnServer(await freePort());
  db = knex({ client: "pg", connection: database.url, pool: { min: 0, max: 2 } });
  control = new Redis(redis.url);
}, 90_000);

afterAll(async () => {
  await Promise.all(
    procs.map(
      (p) => new Promise<void>((resolve) => (p.exitCode !== null ? resolve() : (p.once("exit", () => resolve()), p.kill("SIGTERM")))),
    ),
  );
  control?.disconnect();
  await db?.destroy();
  await database?.drop();
  await redis?.release();
});

it("delivers a message posted through A to a socket on B, and not to a non-member on B", async () => {
  const alice = await registerUser(a);
  const bob = await registerUser(b);
  const carol = await registerUser(a);
  const space = await insertSpace(db, alice.id);
  await insertMember(db, space.id, bob.id);

  const { client: onB } = await WsClient.ready(b, bob.token);
  const { client: outsiderOnB } = await WsClient.ready(b, carol.token);
  const posted = await api(a).post(`/api/chat/${space.id}/${space.generalId}/messages`, { ciphertext: "AAAA" }, { token: alice.token });
  expect(posted.status).toBe(201);
  const frame = await onB.next((f) => f.type === "message:created");
  expect(frame).toEqual({ type: "message:created", ...posted.body });

  // A user-targeted revocation made on A closes the socket held by B.
  const { client: aliceOnB } = await WsClient.ready(b, alice.token);
  expect((await api(a).post("/api/auth/logout", undefined, { token: alice.token })).status).toBe(200);
  expect((await aliceOnB.closedWithin(5000)).code).toBe(4001);

  expect(outsiderOnB.frames.filter((f) => f.space_id === space.id || f.type.startsWith("message:"))).toEqual([]);
  onB.close();
  outsiderOnB.close();
}, 30_000);

it("a bot's reply made through A reaches the invoker's sockets on A and on B, once each", async () => {
  // The reply reaches A's own sockets without the round trip through Redis, and B's through it; neither twice.
  const owner = await registerUser(a);
  const space = await insertSpace(db, owner.id);
  const http = api(a);
  const made = await http.post("/api/bots", { username: `tp_${Date.now() % 1e6}` }, { token: owner.token });
  const bot = { id: made.body.bot.id as string, token: made.body.token as string };
  const installed = await http.post(
    `/api/spaces/${space.id}/bots`,
    { bot_user_id: bot.id, scopes: ["commands"], allowed_channel_ids: [space.generalId] },
    { token: owner.token },
  );
  expect(installed.status).toBe(201);
  const { client: onA } = await WsClient.ready(a, owner.token);
  const { client: onB } = await WsClient.ready(b, owner.token);
  // The token the invoke would have handed the bot, signed with the servers' secret.
  const tokens = new InteractionTokens(BOT_TOKEN_SECRET, Date.now);
  const reply = (iid: string, content: string) =>
    http.post(
      "/api/bot/interactions/respond",
      { interaction_token: tokens.sign({ iid, bot: bot.id, usr: owner.id, sp: space.id, ch: space.generalId }), content },
      { bot: bot.token },
    );
  const first = newId();
  expect((await reply(first, "one")).status).toBe(204);
  const second = newId();
  expect((await reply(second, "two")).status).toBe(204);
  // Barrier: a message posted through A after the replies is published on the same Redis connection, so every
  // socket hears it after any copy of the replies that went through Redis.
  const posted = await http.post(`/api/chat/${space.id}/${space.generalId}/messages`, { ciphertext: "AAAA" }, { token: owner.token });
  expect(posted.status).toBe(201);
  for (const c of [onA, onB]) {
    await c.next((f) => f.type === "message:created" && f.id === posted.body.id);
    expect(c.frames.filter((f) => f.type === "interaction:response").map((f) => [f.interaction_id, f.content])).toEqual([
      [first, "one"],
      [second, "two"],
    ]);
  }
  onA.close();
  onB.close();
}, 30_000);

/** How many processes hear a space's frames: its topic's subscribers in Redis (one subscriber connection each). */
async function processesHearing(spaceId: string): Promise<number> {
  const [, n] = (await control.call("PUBSUB", "NUMSUB", `ps:rt:space:${spaceId}`)) as [string, number];
  return Number(n);
}

async function until(what: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

it("a process hears a large space's frames only while it holds a socket of a member, whichever channel they concern", async () => {
  const alice = await registerUser(a);
  const bob = await registerUser(b);
  const carol = await registerUser(b);
  const space = await insertSpace(db, alice.id, { visibility: "public" });
  await insertMember(db, space.id, carol.id);
  const random = await api(a).post(`/api/spaces/${space.id}/channels`, { name: "random", type: "text" }, { token: alice.token });
  expect(random.status).toBe(201);

  // B holds Bob's socket only, and Bob is no member: B is not subscribed, so none of the space's messages reach it.
  const { client: aliceOnA } = await WsClient.ready(a, alice.token);
  const { client: bobOnB } = await WsClient.ready(b, bob.token);
  expect(await processesHearing(space.id)).toBe(1);

  // Bob joins through A: B starts hearing the space, and Bob gets the messages of every channel (a member sees them all).
  expect((await api(a).post(`/api/spaces/${space.id}/join`, undefined, { token: bob.token })).status).toBe(200);
  await until(async () => (await processesHearing(space.id)) === 2);
  for (const channelId of [space.generalId, random.body.id as string]) {
    const posted = await api(a).post(`/api/chat/${space.id}/${channelId}/messages`, { ciphertext: "AAAA" }, { token: alice.token });
    expect(posted.status).toBe(201);
    expect(await bobOnB.next((f) => f.type === "message:created" && f.id === posted.body.id)).toMatchObject({ channel_id: channelId });
  }

  // Bob leaves: B stops hearing the space as soon as its last member socket there is gone.
  expect((await api(a).post(`/api/spaces/${space.id}/leave`, undefined, { token: bob.token })).status).toBe(204);
  await until(async () => (await processesHearing(space.id)) === 1);
  const after = await api(a).post(`/api/chat/${space.id}/${space.generalId}/messages`, { ciphertext: "AAAA" }, { token: alice.token });
  await aliceOnA.next((f) => f.type === "message:created" && f.id === after.body.id);
  expect(bobOnB.frames.filter((f) => f.type === "message:created" && f.id === after.body.id)).toEqual([]);

  // A member's socket on B (Carol) brings B back; closing it lets B go again.
  const { client: carolOnB } = await WsClient.ready(b, carol.token);
  expect(await processesHearing(space.id)).toBe(2);
  carolOnB.close();
  await until(async () => (await processesHearing(space.id)) === 1);
  aliceOnA.close();
  bobOnB.close();
}, 30_000);
