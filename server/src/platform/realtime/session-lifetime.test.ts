// Sockets do not outlive their access token or their session: closed with 4004 once the token
// expires, with 4001 when the session is revoked — also when the revocation message was never heard (the periodic
// re-check reads the database) and when it raced the socket's authentication.
import { afterAll, beforeAll, expect, it } from "vitest";
import { ManualClock } from "../../../../test/helpers/clock.ts";
import type { Principal } from "./gateway.ts";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

const JWT_SECRET = "lifetime-jwt-secret-that-is-long-enough-0";
const clock = new ManualClock(Date.now());
let server: TestServer;

/**
 * The server's own verdict on a token, asked through the API (`GET /api/auth/me` checks the signature, the expiry
 * and the device session), with the session and expiry the token carries; held at a gate once it has its answer
 * (to stage a race).
 */
let gate: { reached: () => void; release: Promise<void> } | null = null;
async function authenticate(token: string): Promise<Principal | null> {
  const me = await api(server.url).get("/api/auth/me", { token });
  const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
  const principal = me.status === 200 ? { id: me.body.id as string, sessionId: claims.sid as string, expiresAt: claims.exp * 1000 } : null;
  const g = gate;
  if (g) {
    g.reached();
    await g.release;
  }
  return principal;
}

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: { JWT_SECRET },
    // The periodic re-check is set long here, so that only the race fix can close the raced socket in time.
    realtime: { expiryCheckMs: 100, sessionCheckMs: 60_000, authenticate },
  });
});
afterAll(() => server?.stop());

it("closes a socket with 4004 once its access token expires, and keeps one whose token is fresh", async () => {
  const old = await registerUser(server.url);
  const { client: expiring } = await WsClient.ready(server.url, old.token);
  clock.advance(10 * 60_000);
  const fresh = await api(server.url).post("/api/auth/login", { login: old.username, password: old.password });
  expect(fresh.status).toBe(200);
  const { client: kept } = await WsClient.ready(server.url, fresh.body.access_token);
  // Both sockets are open when the first token expires: the sweep that closes one has looked at the other too.
  clock.advance(5 * 60_000 + 1000);
  expect(await expiring.closedWithin(3000)).toEqual({ code: 4004, reason: "token expired" });
  expect(expiring.ofType("error")).toEqual([{ type: "error", detail: "token expired" }]);
  kept.send({ type: "ping" });
  await kept.next((f) => f.type === "pong");
  kept.close();
});

it("a revocation that races the socket's authentication still closes the socket (4001), never ready", async () => {
  const user = await registerUser(server.url);
  let reached!: () => void;
  const atGate = new Promise<void>((r) => (reached = r));
  let release!: () => void;
  gate = { reached, release: new Promise<void>((r) => (release = r)) };
  try {
    const c = await WsClient.open(server.url);
    c.send({ type: "auth", token: user.token });
    // The session was read as live; now it is revoked (and announced) before the gateway registers the socket.
    await atGate;
    gate = null;
    let heard!: () => void;
    const revocationHeard = new Promise<void>((r) => (heard = r));
    const unsubscribe = await server.platform.pubsub.subscribe("cache:sessions", () => heard());
    expect((await api(server.url).post("/api/auth/logout", undefined, { token: user.token })).status).toBe(200);
    // Listeners run in subscription order, so the gateway (subscribed at start) has handled it by now.
    await revocationHeard;
    await unsubscribe();
    release();
    expect(await c.closedWithin(3000)).toEqual({ code: 4001, reason: "session revoked" });
    expect(c.ofType("ready")).toEqual([]);
  } finally {
    gate = null;
    release?.();
  }
});

it("the periodic re-check closes a socket whose session was revoked without any message (4001)", async () => {
  const quick = await startTestServer({
    env: { JWT_SECRET: "another-jwt-secret-that-is-long-enough-0" },
    realtime: { sessionCheckMs: 200 },
  });
  try {
    const user = await registerUser(quick.url);
    const other = await registerUser(quick.url);
    const { client: doomed } = await WsClient.ready(quick.url, user.token);
    const { client: kept } = await WsClient.ready(quick.url, other.token);
    // Straight in the database: no process is told, as when a revocation message is lost.
    await quick.platform.db("sessions").where({ user_id: user.id }).update({ revoked_at: new Date() });
    expect(await doomed.closedWithin(5000)).toEqual({ code: 4001, reason: "session revoked" });
    kept.send({ type: "ping" });
    await kept.next((f) => f.type === "pong");
    kept.close();
  } finally {
    await quick.stop();
  }
});
