// Two real server processes sharing PostgreSQL and Redis behave as one: a frame published on A reaches a socket
// connected to B, and a session revoked through A closes its socket on B.
import { spawn, type ChildProcess } from "node:child_process";
import knex, { type Knex } from "knex";
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
}, 90_000);

afterAll(async () => {
  await Promise.all(
    procs.map(
      (p) => new Promise<void>((resolve) => (p.exitCode !== null ? resolve() : (p.once("exit", () => resolve()), p.kill("SIGTERM")))),
    ),
  );
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
