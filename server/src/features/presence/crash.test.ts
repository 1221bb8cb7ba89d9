// Presence after a crash: two server processes on one PostgreSQL and Redis; a user connected to B, B killed with
// SIGKILL (no shutdown, so its connection counts are never decremented). A notices B's heartbeat stopped, takes B's
// counts off, and the user goes offline — announced to a friend connected to A, and out of the online count of their
// space — within the contract's minute.
// PRESENCE_TIME_SCALE shrinks every presence timing (offline grace, heartbeat, dead-after) so it runs in seconds.
import { afterAll, beforeAll, expect, it } from "vitest";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../../../test/helpers/resources.ts";
import { startServerProcess, type ServerProcess } from "../../../../test/helpers/process.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

const SCALE = 0.05;
/** The promise of the issue: offline within a minute of the crash (scaled). */
const WITHIN_MS = 60_000 * SCALE;

let database: TestDatabase;
let redis: TestRedis;
const procs: ServerProcess[] = [];

beforeAll(async () => {
  [database, redis] = await Promise.all([createTestDatabase(), claimTestRedis()]);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    HOST: "127.0.0.1",
    JWT_SECRET: "crash-test-jwt-secret-long-enough-000000",
    BOT_TOKEN_SECRET: "crash-test-bot-secret-long-enough-000000",
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    PRESENCE_TIME_SCALE: String(SCALE),
  };
  // One after the other: the first runs the migrations.
  procs.push(await startServerProcess(env));
  procs.push(await startServerProcess(env));
}, 150_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => (p.child.exitCode === null ? p.stop() : Promise.resolve())));
  await database?.drop();
  await redis?.release();
});

it("a user connected to a process killed with SIGKILL goes offline within a minute (scaled), announced to friends", async () => {
  const [a, b] = procs as [ServerProcess, ServerProcess];
  const user = await registerUser(a.url);
  const friend = await registerUser(a.url);
  await api(a.url).post(`/api/users/friends/add/${friend.username}`, undefined, { token: user.token });
  await api(a.url).post(`/api/users/friends/add/${user.username}`, undefined, { token: friend.token });
  const space = (await api(a.url).post("/api/spaces", { name: "crash", visibility: "public" }, { token: friend.token })).body.id;
  expect((await api(a.url).post(`/api/spaces/${space}/join`, undefined, { token: user.token })).status).toBe(200);

  const { client: watcher } = await WsClient.ready(a.url, friend.token);
  const { client: doomed } = await WsClient.ready(b.url, user.token);
  await watcher.next((f) => f.type === "presence:update" && f.user_id === user.id && f.status === "online");
  const me = () =>
    api(a.url)
      .get("/api/users/me/presence", { token: user.token })
      .then((r) => r.body.status);
  expect(await me()).toBe("online");
  /** The space's online count, as a subscriber on A is told it. */
  const onlineCount = async () => {
    const next = watcher.nextNew("presence:subscribed");
    watcher.send({ type: "presence:subscribe", space_id: space, user_ids: [user.id] });
    return (await next).online_count;
  };
  await expect.poll(onlineCount).toBe(2);

  const killedAt = Date.now();
  await b.kill();
  // The socket is gone with the process; nothing was decremented by B.
  await doomed.closedWithin(5000);
  const offline = await watcher.next((f) => f.type === "presence:update" && f.user_id === user.id && f.status === "offline", 20_000);
  const elapsed = Date.now() - killedAt;
  expect(offline).toEqual({ type: "presence:update", user_id: user.id, status: "offline", custom_status: null });
  expect(await me()).toBe("offline");
  // Within the (scaled) minute, plus room for a loaded machine's timers.
  expect(elapsed).toBeLessThan(WITHIN_MS + 3000);
  // The space's online count no longer counts the user.
  await expect.poll(onlineCount).toBe(1);

  // Connecting again (to the surviving process) counts from zero: online, then offline again once closed.
  const { client: back } = await WsClient.ready(a.url, user.token);
  await expect.poll(me, { timeout: 5000 }).toBe("online");
  back.close();
  await expect.poll(me, { timeout: 10_000, interval: 200 }).toBe("offline");
  watcher.close();
}, 60_000);
