// Shutdown of a real `npm start` process. A supervisor's SIGTERM to the process group
// reaches every process in it: the server must be the one process that handles it (no wrapper forwarding it
// and killing the server after), answer every request already in flight, and ignore a repeated signal.
// SHUTDOWN_DELAY_MS keeps serving while /readyz answers 503, so a load balancer stops routing first.
import { request } from "node:http";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDataDir } from "./helpers/embedded.ts";
import { startServerProcess, type ServerProcess, type ServerProcessOptions } from "./helpers/process.ts";
import { api } from "./helpers/http.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/resources.ts";

const dirs: string[] = [];
const databases: TestDatabase[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.allSettled(running.map((p) => (p.child.exitCode === null ? p.stop() : Promise.resolve())));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await Promise.allSettled(databases.map((d) => d.drop()));
});

/**
 * A server process in embedded mode, as `npm start` runs by default; or, where only the signal handling is under
 * test, on a test database (`database`), which spares starting an embedded PostgreSQL.
 */
async function start(env: Record<string, string> = {}, opts: ServerProcessOptions & { database?: boolean } = {}): Promise<ServerProcess> {
  let where: Record<string, string>;
  if (opts.database) {
    const db = await createTestDatabase();
    databases.push(db);
    where = { DATABASE_URL: db.url };
  } else {
    const dataDir = await embeddedDataDir();
    dirs.push(dataDir);
    where = { DATA_DIR: dataDir };
  }
  const p = await startServerProcess({ ...where, RATE_LIMIT_MULTIPLIER: "1000", ...env }, opts);
  running.push(p);
  return p;
}

/**
 * A register on its own connection, from its own loopback address (one address gets 4 hashing slots);
 * `connected` resolves once the TCP connection is up.
 */
function register(base: string, n: number): { connected: Promise<void>; done: Promise<number> } {
  let connected!: () => void;
  const c = new Promise<void>((r) => (connected = r));
  const body = JSON.stringify({
    username: `sd_${Date.now().toString(36)}_${n}`,
    email: `sd${n}.${Date.now()}@example.test`,
    password: "shutdown-password",
  });
  const done = new Promise<number>((resolve, reject) => {
    const req = request(
      `${base}/api/auth/register`,
      { method: "POST", agent: false, localAddress: `127.0.12.${n + 1}`, headers: { "content-type": "application/json" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("socket", (s) => s.once("connect", connected));
    req.on("error", reject);
    req.end(body);
  });
  return { connected: c, done };
}

describe("shutdown of `npm start`", { timeout: 180_000 }, () => {
  it("a SIGTERM to the process group with 20 requests in flight answers all 20, then exits", async () => {
    const p = await start({}, { viaNpm: true });
    const burst = Array.from({ length: 20 }, (_, i) => register(p.url, i));
    await Promise.all(burst.map((b) => b.connected)); // Argon2 keeps them busy well past this point
    p.signalGroup("SIGTERM");
    const statuses = await Promise.all(burst.map((b) => b.done.catch((err: NodeJS.ErrnoException) => err.code)));
    expect(statuses).toEqual(Array(20).fill(201));
    await p.exited;
    expect(p.output()).toContain('"msg":"shutting down"');
    expect(p.output()).not.toContain("forced exit");
  });

  it("SHUTDOWN_DELAY_MS: /readyz answers 503 while requests are still served; a second signal is logged and ignored", async () => {
    const p = await start({ SHUTDOWN_DELAY_MS: "4000" }, { database: true });
    const http = api(p.url);
    expect((await http.get("/readyz")).status).toBe(200);
    const signalled = Date.now();
    p.child.kill("SIGTERM");
    await expect.poll(async () => (await http.get("/readyz")).status, { timeout: 2000 }).toBe(503);
    expect(await http.get("/readyz")).toMatchObject({ status: 503, body: { status: "unavailable", failing: [] } });
    p.child.kill("SIGTERM");
    await expect.poll(() => p.output(), { timeout: 2000 }).toContain("already shutting down: signal ignored (a third one forces the exit)");
    expect(await http.get("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await p.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(4000);
  });

  it("a third signal forces the exit", async () => {
    const p = await start({ SHUTDOWN_DELAY_MS: "60000" }, { database: true });
    const signalled = Date.now();
    for (let i = 0; i < 3; i++) {
      p.child.kill("SIGINT");
      // Handled (logged) before the next is sent: two pending signals of one kind merge into one delivery.
      await expect.poll(() => p.output().split('"signal":"SIGINT"').length - 1, { timeout: 20_000 }).toBe(i + 1);
    }
    expect(await p.exited).toBe(130);
    expect(Date.now() - signalled).toBeLessThan(50_000); // well before SHUTDOWN_DELAY_MS
    expect(p.output()).toContain("forced exit before the shutdown finished");
  });
});
