// Cache invalidations travel over Redis pub/sub, at most once: a process whose subscriber connection drops misses
// what is published until it is back. So when its subscriptions are re-established it drops its caches (sessions,
// bot tokens, bots, installs, users) at once: a session revoked meanwhile through another process is refused by
// this one as soon as it has reconnected, not a cache TTL (30 s) later. Two servers share one database and a
// redis-server of this test's own; B reaches it through a proxy that can hold B's new connections, so B's
// subscriber stays away while the revocation is published.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/server.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/resources.ts";
import { freePort } from "../../../test/helpers/ports.ts";
import { api } from "../../../test/helpers/http.ts";
import { registerUser } from "../../../test/helpers/users.ts";

let redisPort: number;
let redisProc: ChildProcess | undefined;
let control: Redis;
let database: TestDatabase;
let a: TestServer, b: TestServer;
let proxy: HeldProxy;

/** A TCP proxy to Redis; while holding, new connections wait (accepted, nothing forwarded) until release. */
interface HeldProxy {
  port: number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

async function startProxy(target: number): Promise<HeldProxy> {
  let holding = false;
  const waiting: Socket[] = [];
  const open = new Set<Socket>();
  const pipe = (client: Socket) => {
    const upstream = connect(target, "127.0.0.1");
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream).pipe(client);
    client.resume();
  };
  const server: Server = createServer((client) => {
    if (holding) {
      client.pause();
      client.on("error", () => client.destroy());
      waiting.push(client);
    } else pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hold: () => void (holding = true),
    release() {
      holding = false;
      for (const c of waiting.splice(0)) if (!c.destroyed) pipe(c);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of [...open, ...waiting]) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function startRedis(): Promise<void> {
  redisProc = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  control = new Redis(redisPort, "127.0.0.1", { retryStrategy: () => 50 });
  control.on("error", () => {});
  await vi.waitFor(async () => expect(await control.ping()).toBe("PONG"), { timeout: 10_000, interval: 50 });
}

/** How many connections are subscribed to the sessions cache's invalidations. */
const sessionSubscribers = async () => {
  const [, n] = (await control.pubsub("NUMSUB", "ps:cache:sessions")) as [string, number];
  return Number(n);
};

beforeAll(async () => {
  redisPort = await freePort();
  await startRedis();
  proxy = await startProxy(redisPort);
  database = await createTestDatabase();
  const env = { DATABASE_URL: database.url, LOG_LEVEL: "warn" };
  a = await startTestServer({ env: { ...env, REDIS_URL: `redis://127.0.0.1:${redisPort}` } });
  b = await startTestServer({ env: { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
}, 90_000);

afterAll(async () => {
  proxy?.release();
  await b?.stop();
  await a?.stop();
  await proxy?.close();
  await database?.drop();
  control?.disconnect();
  redisProc?.kill("SIGKILL");
});

it("a session revoked while B's subscriber was away is refused by B as soon as B has subscribed again", async () => {
  const user = await registerUser(a.url);
  const other = await api(a.url).post("/api/auth/login", { login: user.username, password: user.password });
  expect(other.status).toBe(200);
  // B checks the first session and keeps it as live.
  expect((await api(b.url).get("/api/auth/me", { token: user.token })).status).toBe(200);
  expect(await sessionSubscribers()).toBe(2);

  proxy.hold();
  await control.call("CLIENT", "KILL", "TYPE", "pubsub");
  // A's subscriber comes straight back; B's waits at the proxy.
  await expect.poll(sessionSubscribers, { timeout: 10_000 }).toBe(1);
  // The other device logs the first one out through A: the invalidation is published while B hears nothing.
  expect((await api(a.url).del("/api/auth/devices", { token: other.body.access_token })).status).toBe(204);
  expect((await api(a.url).get("/api/auth/me", { token: user.token })).status).toBe(401);

  proxy.release();
  await expect.poll(sessionSubscribers, { timeout: 10_000 }).toBe(2);
  // Within moments of its return (the cache would have kept the session for 30 s).
  await expect.poll(async () => (await api(b.url).get("/api/auth/me", { token: user.token })).status, { timeout: 3_000 }).toBe(401);
}, 90_000);
