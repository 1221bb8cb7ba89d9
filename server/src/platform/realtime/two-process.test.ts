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
      BOT_TOKEN_SECRET: "two-process-bot-secret-long-enough-0000",
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
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
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
    procs.map((p) => new Promise<void>((resolve) => (p.exitCode !== null ? resolve() : (p.once("exit", () => resolve()), p.kill("SIGTERM"))))),
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
