// The realtime gateway against a real server: first-frame auth, bad input, slow and dead clients, revocation,
// and that a channel's frames reach its space's members and nobody else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";
import { api } from "../../../../test/helpers/http.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";
import { RealtimePublisher } from "./publisher.ts";
import { marker } from "../../../../test/helpers/frames.ts";

let server: TestServer;
let alice: TestUser;
let publisher: RealtimePublisher;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function gauge(): Promise<number> {
  const text = (await api(server.url).get("/metrics")).body as string;
  return Number(/^realtime_connections (\d+)/m.exec(text)?.[1]);
}

beforeAll(async () => {
  // authTimeoutMs bounds open → ready of every socket here, first connects (cold statements) included: a few hundred
  // ms is not enough on a loaded machine.
  server = await startTestServer({ realtime: { authTimeoutMs: 1000, heartbeatMs: 400, maxBufferedBytes: 256 * 1024 } });
  alice = await registerUser(server.url);
  publisher = new RealtimePublisher(server.platform.pubsub);
});
afterAll(async () => server?.stop());

describe("authentication", () => {
  it("answers ready with the user id and a fresh connection id", async () => {
    const a = await WsClient.ready(server.url, alice.token);
    const b = await WsClient.ready(server.url, alice.token);
    expect(a.ready).toEqual({ type: "ready", user_id: alice.id, session_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(b.ready.session_id).not.toBe(a.ready.session_id);
    a.client.close();
    b.client.close();
  });

  it("closes with 4001 when no auth frame comes in time", async () => {
    const c = await WsClient.open(server.url);
    const t0 = Date.now();
    expect((await c.closedWithin(4000)).code).toBe(4001);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  });

  it("refuses a bad token with an error frame and 4001", async () => {
    for (const token of ["garbage", alice.token.slice(0, -4) + "AAAA", ""]) {
      const c = await WsClient.open(server.url);
      c.send({ type: "auth", token });
      expect((await c.next((f) => f.type === "error")).detail).toMatch(/token/);
      expect((await c.closedWithin(2000)).code).toBe(4001);
    }
  });

  it("answers frames before auth with an error and still accepts auth afterwards", async () => {
    const c = await WsClient.open(server.url);
    c.send({ type: "ping" });
    expect(await c.next((f) => f.type === "error")).toEqual({ type: "error", detail: "not authenticated" });
    c.send({ type: "auth", token: alice.token });
    await c.next((f) => f.type === "ready");
    c.send({ type: "auth", token: alice.token });
    expect(await c.nextNew("error")).toEqual({ type: "error", detail: "already authenticated" });
    c.close();
  });

  it("closes the sockets of a revoked session, and only those", async () => {
    const bob = await registerUser(server.url);
    const other = await api(server.url).post("/api/auth/login", { login: bob.username, password: bob.password });
    const revoked = await WsClient.ready(server.url, bob.token);
    const kept = await WsClient.ready(server.url, other.body.access_token);
    expect((await api(server.url).post("/api/auth/logout", undefined, { token: bob.token })).status).toBe(200);
    expect((await revoked.client.closedWithin(3000)).code).toBe(4001);
    kept.client.send({ type: "ping" });
    await kept.client.next((f) => f.type === "pong");
    kept.client.close();
  });
});

describe("bad input", () => {
  it("answers garbage with error frames and keeps the connection", async () => {
    const { client } = await WsClient.ready(server.url, alice.token);
    const bad: unknown[] = ["not json", "[1,2]", "null", "42", "{}", '{"type":5}', '{"type":""}', { type: "nope" }, Buffer.from([0, 1, 2])];
    for (const frame of bad) client.send(frame);
    client.send({ type: "ping" });
    await client.next((f) => f.type === "pong");
    const errors = client.ofType("error").map((f) => f.detail);
    expect(errors).toEqual([
      "frame is not valid JSON",
      "frame must be a JSON object",
      "frame must be a JSON object",
      "frame must be a JSON object",
      "frame needs a string type",
      "frame needs a string type",
      "frame needs a string type",
      "unknown frame type: nope",
      "frames must be JSON text",
    ]);
    client.close();
  });

  it("closes an oversized frame with 1009 and keeps serving others", async () => {
    const { client: big } = await WsClient.ready(server.url, alice.token);
    const { client: other } = await WsClient.ready(server.url, alice.token);
    big.send(JSON.stringify({ type: "ping", pad: "x".repeat(64 * 1024) }));
    expect((await big.closedWithin(3000)).code).toBe(1009);
    other.send({ type: "ping" });
    await other.next((f) => f.type === "pong");
    other.close();
  });

  it("answers ping with pong", async () => {
    const { client } = await WsClient.ready(server.url, alice.token);
    for (let i = 0; i < 3; i++) client.send({ type: "ping" });
    await client.next(() => client.ofType("pong").length === 3);
    client.close();
  });
});

describe("slow and dead clients", () => {
  it("cuts off a client that stops reading, without affecting the others", async () => {
    // A server of its own with the default heartbeat: the flood must outgrow the kernel's socket buffers (tens of
    // MiB where receive autotuning is generous) before the gateway's own buffer fills, and a 400 ms heartbeat
    // would cut the paused client off first.
    const own = await startTestServer({ realtime: { maxBufferedBytes: 256 * 1024 } });
    const user = await registerUser(own.url);
    const flood = new RealtimePublisher(own.platform.pubsub);
    const { client: slow } = await WsClient.ready(own.url, user.token);
    const { client: fine } = await WsClient.ready(own.url, user.token);
    try {
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const pad = "y".repeat(60_000);
      for (let i = 0; i < 2000 && !own.logs().includes("realtime client too slow"); i += 10) {
        await Promise.all(Array.from({ length: 10 }, (_, k) => flood.toUser(user.id, marker("test:flood", { i: i + k, pad }))));
        await sleep(2);
      }
      await expect.poll(() => own.logs().includes("realtime client too slow"), { timeout: 10_000 }).toBe(true);
      await fine.next((f) => f.type === "test:flood" && f.i === 0);
      fine.send({ type: "ping" });
      await fine.next((f) => f.type === "pong", 20_000);
      expect((await api(own.url).get("/healthz")).status).toBe(200);
    } finally {
      fine.close();
      slow.close();
      await own.stop();
    }
  }, 90_000);

  it("terminates connections that stop answering heartbeats", async () => {
    await expect.poll(gauge, { timeout: 3000 }).toBe(0);
    const { client: dead } = await WsClient.ready(server.url, alice.token);
    const { client: live } = await WsClient.ready(server.url, alice.token);
    expect(await gauge()).toBe(2);
    (dead.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await expect.poll(gauge, { timeout: 3000, interval: 100 }).toBe(1);
    live.send({ type: "ping" });
    await live.next((f) => f.type === "pong");
    live.close();
    dead.close();
  });
});

describe("delivery", () => {
  it("delivers a channel's frames to the space's members only, following joins and leaves", async () => {
    const bob = await registerUser(server.url);
    const space = await insertSpace(server.platform.db, alice.id);
    const { client: a } = await WsClient.ready(server.url, alice.token);
    const { client: b } = await WsClient.ready(server.url, bob.token);

    await publisher.toSpace(space.id, space.generalId, marker("test:frame", { n: 1 }));
    await publisher.toUser(bob.id, marker("test:mark", { n: 1 }));
    await a.next((f) => f.type === "test:frame" && f.n === 1);
    await b.next((f) => f.type === "test:mark" && f.n === 1);
    await sleep(100);
    expect(b.ofType("test:frame")).toEqual([]);

    await insertMember(server.platform.db, space.id, bob.id);
    await publisher.toSpace(space.id, null, {
      type: "member:joined",
      space_id: space.id,
      user_id: bob.id,
      member_id: bob.id,
      role: "member",
    });
    await a.next((f) => f.type === "member:joined");
    await sleep(100);
    await publisher.toSpace(space.id, space.generalId, marker("test:frame", { n: 2 }));
    await b.next((f) => f.type === "test:frame" && f.n === 2);

    await server.platform.db("members").where({ space_id: space.id, user_id: bob.id }).del();
    await publisher.toSpace(space.id, null, {
      type: "member:left",
      space_id: space.id,
      user_id: bob.id,
      member_id: bob.id,
      reason: "left",
    });
    await b.next((f) => f.type === "member:left");
    await publisher.toSpace(space.id, space.generalId, marker("test:frame", { n: 3 }));
    await publisher.toUser(bob.id, marker("test:mark", { n: 2 }));
    await a.next((f) => f.type === "test:frame" && f.n === 3);
    await b.next((f) => f.type === "test:mark" && f.n === 2);
    await sleep(100);
    expect(b.ofType("test:frame").map((f) => f.n)).toEqual([2]);
    a.close();
    b.close();
  });

  it("keeps delivering a space's frames to a user who reconnects at once", async () => {
    const space = await insertSpace(server.platform.db, alice.id);
    for (let i = 0; i < 3; i++) {
      const first = WsClient.ready(server.url, alice.token);
      const second = WsClient.ready(server.url, alice.token);
      (await first).client.close();
      const { client } = await second;
      await sleep(20);
      await publisher.toSpace(space.id, space.generalId, marker("test:reconnect", { i }));
      await client.next((f) => f.type === "test:reconnect" && f.i === i);
      client.close();
    }
  });

  it("keeps gateway control frames away from clients", async () => {
    const { client } = await WsClient.ready(server.url, alice.token);
    await publisher.membershipChanged(alice.id, "00000000-0000-7000-8000-000000000000", "left");
    await publisher.toUser(alice.id, marker("test:after"));
    await client.next((f) => f.type === "test:after");
    expect(client.frames.map((f) => f.type)).toEqual(["ready", "test:after"]);
    client.close();
  });
});
