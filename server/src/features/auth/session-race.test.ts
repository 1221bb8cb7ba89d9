// Regression: a session check racing a revocation must not put the revoked session back into the cache.
// Two servers on one database and Redis; A reaches PostgreSQL through a gate that holds its query results, so
// A's check has read "alive" in the database when B revokes the session, and receives that answer only after
// A has handled the revocation. A's next request must be refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../../../test/helpers/resources.ts";
import { startGate, type Gate } from "../../../../test/helpers/gate.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";

let db: TestDatabase, redis: TestRedis, gate: Gate, a: TestServer, b: TestServer, sql: pg.Client;

beforeAll(async () => {
  [db, redis] = await Promise.all([createTestDatabase(), claimTestRedis()]);
  const url = new URL(db.url);
  gate = await startGate(url.hostname, Number(url.port || 5432));
  const gated = new URL(db.url);
  gated.hostname = "127.0.0.1";
  gated.port = String(gate.port);
  const env = { REDIS_URL: redis.url, LOG_LEVEL: "warn" };
  b = await startTestServer({ env: { ...env, DATABASE_URL: db.url } }); // runs the migrations
  a = await startTestServer({ env: { ...env, DATABASE_URL: gated.toString() } });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
}, 90_000);
afterAll(async () => {
  gate?.release();
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await gate?.close();
  await Promise.all([db?.drop(), redis?.release()]);
});

const lastSeen = async (sessionId: string): Promise<number> =>
  (await sql.query("SELECT last_seen_at FROM sessions WHERE id = $1", [sessionId])).rows[0].last_seen_at.getTime();

describe("session cache", () => {
  it("does not keep a session whose revocation arrived while its check was in flight", async () => {
    const u = await registerUser(b.url);
    // A check writes last_seen_at only when it is older than a few minutes: make it so, so the write shows the check.
    await sql.query("UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE id = $1", [u.deviceId]);
    const before = await lastSeen(u.deviceId);
    // A learns of revocations through its pub/sub seam; listeners run in order, so once this one has heard
    // of the revocation, A's session cache (subscribed at start) has too.
    let heard = false;
    await a.platform.pubsub.subscribe("cache:sessions", () => void (heard = true));

    // Warm connections in A's pool (its background work may take one while the gate holds), so the check needs no
    // new connection, whose handshake the gate would hold too.
    const warm = await Promise.all(Array.from({ length: 8 }, (_, i) => api(a.url).get(`/api/auth/check-username?username=warm_up_${i}`)));
    expect(warm.map((r) => r.status)).toEqual(Array(8).fill(200));
    gate.hold();
    const inFlight = api(a.url).get("/api/auth/me", { token: u.token });
    // A's check (the read and the touch of a live session) has run in the database; its answer waits in the gate.
    await expect.poll(() => lastSeen(u.deviceId), { timeout: 10_000 }).toBeGreaterThan(before);

    expect((await api(b.url).post("/api/auth/logout", undefined, { token: u.token })).status).toBe(200);
    await expect.poll(() => heard, { timeout: 10_000 }).toBe(true);
    gate.release();

    // The request that started before the revocation may still be answered; what matters is what A keeps.
    expect([200, 401]).toContain((await inFlight).status);
    expect(await api(a.url).get("/api/auth/me", { token: u.token })).toMatchObject({ status: 401, body: { detail: "not authenticated" } });
  }, 60_000);
});
