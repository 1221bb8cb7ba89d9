// The service's own endpoints and behaviour: health, readiness, metrics, documents,
// 404, request ids, configuration errors and graceful shutdown, over HTTP against PostgreSQL + Redis.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../server/src/platform/config.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { api } from "./helpers/http.ts";
import { createBot } from "./helpers/bots.ts";
import { registerUser } from "./helpers/users.ts";
import { claimTestRedis, createTestDatabase, PG_ADMIN_URL } from "./helpers/resources.ts";
import { freePort } from "./helpers/ports.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
});
afterAll(() => server?.stop());

describe("health and readiness", () => {
  it("GET /healthz answers 200 {status: ok}", async () => {
    expect(await http.get("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  it("GET /readyz answers 200 when PostgreSQL and Redis answer", async () => {
    expect(await http.get("/readyz")).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  it(
    "GET /readyz answers 503 naming what fails (Redis, then the database too) and never the error's text, which goes to the log",
    { timeout: 90_000 },
    async () => {
      // A Redis and a database of our own, so stopping them touches nobody else.
      const port = await freePort();
      const redis: ChildProcess = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
      const db = await createTestDatabase();
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      try {
        await waitForRedis(port);
        const s = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${port}/0`, DATABASE_URL: db.url, LOG_LEVEL: "warn" } });
        try {
          expect(await api(s.url).get("/readyz")).toMatchObject({ status: 200, body: { status: "ok" } });
          redis.kill("SIGKILL");
          await new Promise((r) => redis.once("exit", r));
          const res = await fetch(s.url + "/readyz");
          expect(res.status).toBe(503);
          expect(await res.text()).toBe('{"status":"unavailable","failing":["redis"]}');

          // The database refuses connections from now on, and the open ones are ended: PostgreSQL says why, naming it.
          await admin.connect();
          await admin.query(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS false`);
          await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [db.name]);
          const both = await fetch(s.url + "/readyz");
          expect(both.status).toBe(503);
          expect(await both.text()).toBe('{"status":"unavailable","failing":["database","redis"]}');
          // Liveness is not readiness: the process still runs.
          expect((await api(s.url).get("/healthz")).status).toBe(200);
          // The reasons are in the log, for the operator: once per outage, however often /readyz is asked.
          expect((await fetch(s.url + "/readyz")).status).toBe(503);
          const failures = s
            .logs()
            .split("\n")
            .filter((line) => line.includes("readiness check failed"));
          expect(failures).toHaveLength(2);
          expect(failures.find((line) => line.includes('"dependency":"redis"'))).toBeDefined();
          expect(failures.find((line) => line.includes('"dependency":"database"'))).toBeDefined();
        } finally {
          await s.stop();
        }
      } finally {
        if (redis.exitCode === null && redis.signalCode === null) redis.kill("SIGKILL");
        await admin.end().catch(() => {});
        await db.drop();
      }
    },
  );
});

async function waitForRedis(port: number) {
  for (let i = 0; i < 100; i++) {
    if (spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout.trim() === "PONG") return;
    await sleep(50);
  }
  throw new Error(`redis-server on ${port} did not start`);
}

describe("GET /metrics", () => {
  it("serves Prometheus text with HTTP metrics labelled by route template", async () => {
    const bot = await createBot(server.url, (await registerUser(server.url)).token);
    expect((await http.get("/api/bot/commands", { bot: bot.token })).status).toBe(200);
    expect((await http.del("/api/bot/commands/no-such-command", { bot: bot.token })).status).toBe(404);
    const res = await fetch(server.url + "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/bot\/commands",status="200"\} \d+$/m);
    // A path parameter shows as its template, never as the raw value.
    expect(text).toMatch(/^http_requests_total\{method="DELETE",route="\/api\/bot\/commands\/\{name\}",status="404"\} \d+$/m);
    expect(text).not.toContain("no-such-command");
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/bot\/commands",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it("passes `promtool check metrics`", async (ctx) => {
    const has = spawnSync("promtool", ["--version"], { encoding: "utf8" });
    if (has.error) {
      ctx.skip("promtool is not installed (Debian package `prometheus`; .ci/run installs it)");
      return;
    }
    await http.get("/healthz");
    const text = await (await fetch(server.url + "/metrics")).text();
    const check = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(check.stdout + check.stderr).toBe("");
    expect(check.status).toBe(0);
  });
});

describe("documents and unknown routes", () => {
  it("GET /api/openapi.json is the contract, version 0.3.0", async () => {
    const res = await http.get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1/);
    expect(res.body.info.version).toBe("0.3.0");
    expect(res.body.paths["/api/bot/commands"]).toBeDefined();
  });

  it("GET /api/docs is an HTML reference over the contract (in a browser: portal/test/api-docs.test.ts)", async () => {
    const res = await fetch(server.url + "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<html/i);
    expect(html).toContain("/api/bot/commands");
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });

  it("an unknown route answers 404 {detail: not found}", async () => {
    for (const [method, path] of [
      ["GET", "/nope"],
      ["POST", "/api/does-not-exist"],
      ["DELETE", "/api/bot"],
    ] as const) {
      const res = await fetch(server.url + path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ detail: "not found" });
    }
  });
});

describe("request ids", () => {
  it("gives every response an X-Request-Id and logs it", async () => {
    const a = await http.get("/healthz");
    const b = await http.get("/healthz");
    const idA = a.headers.get("x-request-id");
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get("x-request-id")).not.toBe(idA);
    await expect.poll(() => server.logs()).toContain(`"reqId":"${idA}"`);
  });

  it("keeps a well-formed incoming X-Request-Id and replaces a malformed one", async () => {
    const kept = await http.get("/healthz", { headers: { "x-request-id": "edge-proxy.42:abc" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-proxy.42:abc");
    const replaced = await http.get("/healthz", { headers: { "x-request-id": "bad id <script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Error bodies carry the id in the header too, so a user can quote it.
    expect((await http.get("/nope")).headers.get("x-request-id")).toBeTruthy();
  });
});

describe("configuration", () => {
  const prod = {
    NODE_ENV: "production",
    JWT_SECRET: "j".repeat(32),
    BOT_TOKEN_SECRET: "b".repeat(32),
    DATA_KEY: Buffer.alloc(32, 7).toString("base64"),
    DATABASE_URL: "postgres://db/parley",
    LIVEKIT_API_KEY: "lk-key",
    LIVEKIT_API_SECRET: "lk-secret-for-production-0000",
  };
  const fails = (env: Record<string, string>, message: RegExp) => {
    let caught: unknown;
    try {
      loadConfig(env, []);
    } catch (err) {
      caught = err;
    }
    expect(caught, JSON.stringify(env)).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toMatch(message);
  };

  it("starts in production with every secret set, and has the contract's defaults", () => {
    const c = loadConfig(prod, []);
    expect(c).toMatchObject({
      production: true,
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "http://localhost:8080",
      rateLimitMultiplier: 1,
      role: "all",
    });
    expect(loadConfig(prod, ["--role", "worker"]).role).toBe("worker");
  });

  it("refuses DATABASE_URL without JWT_SECRET, BOT_TOKEN_SECRET or DATA_KEY (see also test/config.test.ts)", () => {
    const without = (name: keyof typeof prod) => Object.fromEntries(Object.entries(prod).filter(([k]) => k !== name));
    fails(without("JWT_SECRET"), /^JWT_SECRET is required when DATABASE_URL is set/);
    fails(without("BOT_TOKEN_SECRET"), /^BOT_TOKEN_SECRET is required when DATABASE_URL is set/);
    fails(without("DATA_KEY"), /^DATA_KEY is required when DATABASE_URL is set/);
  });

  it("explains bad values", () => {
    fails({ ...prod, PORT: "http" }, /PORT must be an integer from 0 to 65535, got "http"/);
    fails({ ...prod, PORT: "70000" }, /PORT must be an integer/);
    fails({ ...prod, NODE_ENV: "test", RATE_LIMIT_MULTIPLIER: "0.5" }, /RATE_LIMIT_MULTIPLIER must be a number ≥ 1/);
    fails({ ...prod, REDIS_URL: "http://x" }, /REDIS_URL must start with redis: or rediss:/);
    fails({ ...prod, DATABASE_URL: "not a url" }, /DATABASE_URL is not a valid URL/);
    fails({ ...prod, WEBHOOK_ALLOW_PRIVATE: "maybe" }, /WEBHOOK_ALLOW_PRIVATE must be true or false/);
    fails({ ...prod, JWT_SECRET: "short" }, /JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig(prod, ["--role", "boss"])).toThrow(/--role must be all, api or worker, got "boss"/);
  });

  it("refuses the test and benchmark knobs in production", () => {
    fails({ ...prod, RATE_LIMIT_MULTIPLIER: "10" }, /RATE_LIMIT_MULTIPLIER is refused with NODE_ENV=production/);
    fails({ ...prod, WEBHOOK_RETRY_SCALE: "0.01" }, /WEBHOOK_RETRY_SCALE is refused with NODE_ENV=production/);
    fails({ ...prod, PASSWORD_HASH_SCALE: "0.01" }, /PASSWORD_HASH_SCALE is refused with NODE_ENV=production/);
    fails({ ...prod, NODE_ENV: "test", PASSWORD_HASH_SCALE: "2" }, /PASSWORD_HASH_SCALE must be a number in \(0, 1\]/);
    expect(loadConfig({ ...prod, NODE_ENV: "development", RATE_LIMIT_MULTIPLIER: "10" }, []).rateLimitMultiplier).toBe(10);
  });
});

/** A raw HTTP GET on its own connection (no pooling), resolving with status and body or rejecting on a reset. */
function rawGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Puts a test-only slow route in front of the app, through the returned node:http server: a request to it is
 * `reached` once the handler has it, and answered only on `release()` (never, if the test does not call it).
 */
function addSlowRoute(s: TestServer) {
  const listeners = s.http.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  let reached!: () => void;
  let release!: () => void;
  const inHandler = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  s.http.removeAllListeners("request");
  s.http.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/__test/slow") {
      reached();
      void released.then(() => res.end("done"));
    } else for (const l of listeners) l(req, res);
  });
  return { reached: inHandler, release };
}

/** What a new connection to `url` meets: an answer, or the error code (ECONNREFUSED once the server stopped listening). */
const connecting = (url: string) =>
  rawGet(url).then(
    () => "answered",
    (err: NodeJS.ErrnoException) => err.code,
  );

describe("graceful shutdown", { timeout: 60_000 }, () => {
  it("finishes an in-flight request while close() is pending, and refuses new connections", async () => {
    const s = await startTestServer({ env: { LOG_LEVEL: "warn" } });
    const route = addSlowRoute(s);
    const slow = rawGet(s.url + "/__test/slow");
    await route.reached;
    let closed = false;
    const closing = s.close(5000).then(() => (closed = true));
    await expect.poll(() => connecting(s.url + "/healthz")).toBe("ECONNREFUSED");
    expect(closed).toBe(false);
    route.release();
    expect(await slow).toEqual({ status: 200, body: "done" });
    await closing;
    await s.stop(); // gives back the database and Redis db; close() is idempotent
  });

  it("answers every connection it accepted before close(), even one whose request was not read yet", async () => {
    const s = await startTestServer({ env: { LOG_LEVEL: "warn" } });
    const bot = await createBot(s.url, (await registerUser(s.url)).token);
    let accepted = 0;
    s.http.on("connection", () => accepted++);
    const n = 40;
    // One connection per request. Closing the moment the last one is accepted leaves some requests
    // in flight and others not yet parsed; Node's own http.Server#close() would reset the latter.
    // (Connections still in the kernel's accept queue are refused by the OS, not by us: hence the wait.)
    const burst = Array.from(
      { length: n },
      () =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(s.url + "/api/bot/commands", { agent: false, headers: { authorization: `Bot ${bot.token}` } }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          });
          req.on("error", reject);
          req.end();
        }),
    );
    const end = Date.now() + 10_000;
    while (accepted < n && Date.now() < end) await new Promise((r) => setImmediate(r));
    expect(accepted).toBe(n);
    await s.close(5000);
    expect(await Promise.all(burst)).toEqual(Array(n).fill(200));
    await s.stop();
  });

  it("is bounded: a request that never ends is cut after the grace period", async () => {
    const s = await startTestServer({ env: { LOG_LEVEL: "warn" } });
    const route = addSlowRoute(s); // never released
    // Settled into a value at once: the rejection lands while close() is awaited.
    const stuck = rawGet(s.url + "/__test/slow").then(
      () => "completed",
      (err: NodeJS.ErrnoException) => err.code,
    );
    await route.reached;
    const started = Date.now();
    await s.close(300);
    expect(await stuck).toBe("ECONNRESET");
    expect(Date.now() - started).toBeLessThan(5000);
    await s.stop();
  });

  it("`npm start`'s process exits 0 on SIGTERM after shutting down", { timeout: 90_000 }, async () => {
    // A blank database: the one start in the suite that runs every migration on PostgreSQL.
    const [db, redis] = await Promise.all([createTestDatabase({ empty: true }), claimTestRedis()]);
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
      env: { ...process.env, PORT: "0", DATABASE_URL: db.url, REDIS_URL: redis.url, LOG_LEVEL: "warn", NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let out = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (c: Buffer) => {
          out += c.toString();
          const m = /listening on (http:\/\/\S+?) /.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code} before listening: ${out}`)));
        setTimeout(() => reject(new Error(`not listening after 60 s: ${out}`)), 60_000).unref();
      });
      expect((await api(url).get("/healthz")).status).toBe(200);
      const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await db.drop();
      await redis.release();
    }
  });
});
