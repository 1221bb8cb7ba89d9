// The bot gateway through its public interface: socket webhooks over the HTTP API, the WebSocket protocol
// (auth, close codes, limits, heartbeat), and deliveries acknowledged, unacknowledged, cut off or with no
// connection at all, each ending delivered with the same delivery id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

const PATH = "/api/bot/gateway";
const HEARTBEAT_MS = 1000;
let server: TestServer;
let owner: TestUser;
const open: WsClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { GATEWAY_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  owner = await registerUser(server.url);
});
afterAll(async () => {
  for (const c of open) c.close();
  await server?.stop();
});

const http = () => api(server.url);

/** A new bot of `owner` with a socket webhook for `webhook.ping`. */
async function socketBot() {
  const bot = await createBot(server.url, owner.token);
  const hook = await http().post(`/api/bots/${bot.id}/webhooks`, { transport: "socket", events: ["webhook.ping"] }, { token: owner.token });
  expect(hook.status).toBe(201);
  const base = `/api/bots/${bot.id}/webhooks/${hook.body.id}`;
  return {
    ...bot,
    hook: hook.body,
    ping: async () => {
      const res = await http().post(`${base}/ping`, undefined, { token: owner.token });
      expect(res.status).toBe(202);
      return res.body.delivery_id as string;
    },
    delivery: async (id: string) =>
      ((await http().get(`${base}/deliveries`, { token: owner.token })).body as any[]).find((d) => d.id === id),
    listed: async () => ((await http().get(`/api/bots/${bot.id}/webhooks`, { token: owner.token })).body as any[])[0],
  };
}

/** A gateway connection, authenticated; with `beat`, it pings every third of the heartbeat interval. */
async function connect(token: string, beat = true): Promise<{ client: WsClient; ready: any }> {
  const client = await WsClient.open(server.url, PATH);
  open.push(client);
  const ready = client.next((f) => f.type === "ready" || f.type === "error");
  client.send({ type: "auth", token });
  const frame = await ready;
  if (beat) {
    const t = setInterval(() => client.ws.readyState === 1 && client.send({ type: "ping" }), HEARTBEAT_MS / 3);
    void client.closed.then(() => clearInterval(t));
  }
  return { client, ready: frame };
}

const events = (c: WsClient, id: string) => c.frames.filter((f) => f.type === "event" && f.delivery_id === id);

describe("socket webhooks over the API", () => {
  it("creates a socket webhook without url or secret, lists its transport and open connections", async () => {
    const bot = await socketBot();
    expect(bot.hook).toEqual({
      id: expect.any(String),
      transport: "socket",
      url: null,
      events: ["webhook.ping"],
      state: "active",
      created_at: expect.any(String),
    });
    expect(await bot.listed()).toMatchObject({ transport: "socket", url: null, gateway_connections: 0 });
    const { client } = await connect(bot.token);
    await expect.poll(async () => (await bot.listed()).gateway_connections).toBe(1);
    client.close();
    await expect.poll(async () => (await bot.listed()).gateway_connections).toBe(0);
  });

  it("answers 422 for an http webhook without url, a socket webhook with one, and an unknown transport", async () => {
    const bot = await createBot(server.url, owner.token);
    const post = (body: object) => http().post(`/api/bots/${bot.id}/webhooks`, body, { token: owner.token });
    expect((await post({ events: ["webhook.ping"] })).status).toBe(422);
    expect((await post({ transport: "http", events: ["webhook.ping"] })).status).toBe(422);
    expect((await post({ transport: "socket", url: "http://127.0.0.1:9/", events: ["webhook.ping"] })).status).toBe(422);
    expect((await post({ transport: "pigeon", events: ["webhook.ping"] })).status).toBe(422);
    const listed = await http().get(`/api/bots/${bot.id}/webhooks`, { token: owner.token });
    expect(listed.body).toEqual([]);
  });

  it("refuses rotate-secret on a socket webhook and a PATCH to another transport", async () => {
    const bot = await socketBot();
    const base = `/api/bots/${bot.id}/webhooks/${bot.hook.id}`;
    const rotate = await http().post(`${base}/rotate-secret`, undefined, { token: owner.token });
    expect(rotate.status).toBe(400);
    expect(rotate.body).toEqual({ detail: "a socket webhook has no secret" });
    const patch = await http().patch(base, { transport: "http", url: "http://127.0.0.1:9/" }, { token: owner.token });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual({ detail: "transport cannot change" });
    const same = await http().patch(base, { transport: "socket", events: ["webhook.ping", "command.invoked"] }, { token: owner.token });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ transport: "socket", url: null, events: ["webhook.ping", "command.invoked"] });
    expect(same.body).not.toHaveProperty("secret");
    const http_ = await http().post(
      `/api/bots/${bot.id}/webhooks`,
      { url: "http://127.0.0.1:9/", events: ["webhook.ping"] },
      { token: owner.token },
    );
    expect(http_.body).toMatchObject({ transport: "http", secret: expect.stringMatching(/^whsec_/) });
    const toSocket = await http().patch(`/api/bots/${bot.id}/webhooks/${http_.body.id}`, { transport: "socket" }, { token: owner.token });
    expect(toSocket.status).toBe(400);
    expect(toSocket.body).toEqual({ detail: "transport cannot change" });
  });
});

describe("the gateway protocol", () => {
  it("answers auth with ready: the bot, a session id per connection and the heartbeat interval", async () => {
    const bot = await socketBot();
    const a = await connect(bot.token);
    const b = await connect(bot.token);
    expect(a.ready).toEqual({
      type: "ready",
      bot_user_id: bot.id,
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      heartbeat_interval_ms: HEARTBEAT_MS,
    });
    expect(b.ready.session_id).not.toBe(a.ready.session_id);
    a.client.send({ type: "ping" });
    await a.client.next((f) => f.type === "pong");
  });

  it("closes 4001 invalid bot token for a bad token", async () => {
    for (const token of ["nope", `bot_${"0".repeat(48)}`]) {
      const { client, ready } = await connect(token, false);
      expect(ready).toEqual({ type: "error", detail: "invalid bot token" });
      expect(await client.closedWithin(5000)).toEqual({ code: 4001, reason: "invalid bot token" });
    }
  });

  it("answers a bad frame with an error frame and keeps the connection", async () => {
    const bot = await socketBot();
    const { client } = await connect(bot.token);
    client.send("not json");
    expect(await client.next((f) => f.type === "error")).toEqual({ type: "error", detail: "frame is not valid JSON" });
    client.send({ type: "ack" });
    await client.next((f) => f.type === "error" && f.detail === "ack needs a delivery_id");
    client.send({ type: "teleport" });
    await client.next((f) => f.type === "error" && f.detail === "unknown frame type: teleport");
    client.send({ type: "ack", delivery_id: "00000000-0000-7000-8000-000000000000" }); // unknown: ignored
    client.send({ type: "ping" });
    await client.nextNew("pong");
    expect(client.ws.readyState).toBe(1);
  });

  it("closes the 11th connection of a bot 4008 too many connections", async () => {
    const bot = await socketBot();
    for (let i = 0; i < 10; i++) expect((await connect(bot.token)).ready.type).toBe("ready");
    const eleventh = await connect(bot.token);
    expect(eleventh.ready).toEqual({ type: "error", detail: "too many connections" });
    expect(await eleventh.client.closedWithin(5000)).toEqual({ code: 4008, reason: "too many connections" });
  });

  it("closes a frame over 64 KiB with 1009", async () => {
    const bot = await socketBot();
    const { client } = await connect(bot.token);
    client.send(JSON.stringify({ type: "ping", pad: "x".repeat(65 * 1024) }));
    expect((await client.closedWithin(5000)).code).toBe(1009);
  });

  it("closes a connection silent for two heartbeat intervals with 4009 heartbeat timeout", async () => {
    const bot = await socketBot();
    const { client } = await connect(bot.token, false);
    const started = Date.now();
    expect(await client.closedWithin(10_000)).toEqual({ code: 4009, reason: "heartbeat timeout" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS - 100);
  });

  it("closes connections at once when the bot is suspended (4003), deleted (4003) or its token rotated (4001)", async () => {
    const admin = await registerUser(server.url);
    await server.platform.db("users").where({ id: admin.id }).update({ is_admin: true });
    const suspended = await socketBot();
    const s = await connect(suspended.token);
    expect((await http().post(`/api/bots/${suspended.id}/suspend`, undefined, { token: admin.token })).status).toBe(200);
    expect(await s.client.closedWithin(5000)).toEqual({ code: 4003, reason: "bot is suspended" });
    const again = await connect(suspended.token, false);
    expect(again.ready).toEqual({ type: "error", detail: "bot is suspended" });
    expect(await again.client.closedWithin(5000)).toEqual({ code: 4003, reason: "bot is suspended" });

    const deleted = await socketBot();
    const d = await connect(deleted.token);
    expect((await http().del(`/api/bots/${deleted.id}`, { token: owner.token })).status).toBe(204);
    expect(await d.client.closedWithin(5000)).toEqual({ code: 4003, reason: "bot is deleted" });

    const rotated = await socketBot();
    const r = await connect(rotated.token);
    const rot = await http().post(`/api/bots/${rotated.id}/token/rotate`, undefined, { token: owner.token });
    expect(rot.status).toBe(200);
    expect(await r.client.closedWithin(5000)).toEqual({ code: 4001, reason: "invalid bot token" });
    expect((await connect(rot.body.token)).ready.type).toBe("ready");
  });
});

describe("deliveries over the gateway", () => {
  it("sends the envelope as an event frame; the ack makes it delivered", async () => {
    const bot = await socketBot();
    const { client } = await connect(bot.token);
    const id = await bot.ping();
    const frame = await client.next((f) => f.type === "event");
    expect(frame).toEqual({
      type: "event",
      delivery_id: id,
      event: {
        id,
        type: "webhook.ping",
        space_id: null,
        delivered_at: expect.any(String),
        bot_user_id: bot.id,
        data: { webhook_id: bot.hook.id },
      },
    });
    client.send({ type: "ack", delivery_id: id });
    await expect
      .poll(() => bot.delivery(id))
      .toMatchObject({ status: "delivered", attempts: 1, last_status_code: null, last_error: null, next_attempt_at: null });
  });

  it("counts no ack within 10 s as a failed attempt and retries with the same id", { timeout: 40_000 }, async () => {
    const bot = await socketBot();
    const { client } = await connect(bot.token);
    const id = await bot.ping();
    await client.next((f) => f.type === "event" && f.delivery_id === id);
    const sent = Date.now();
    await expect
      .poll(() => bot.delivery(id), { timeout: 15_000, interval: 200 })
      .toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: "no ack within 10 s" });
    expect(Date.now() - sent).toBeGreaterThanOrEqual(9_500);
    // The retry (1 s later) comes with the same delivery id; an ack of the first attempt's frame now is late and
    // changes nothing, the retry's ack delivers it.
    await expect.poll(() => events(client, id).length, { timeout: 10_000 }).toBe(2);
    client.send({ type: "ack", delivery_id: id });
    await expect.poll(() => bot.delivery(id)).toMatchObject({ status: "delivered", attempts: 2, last_error: null });
  });

  it("retries a delivery whose connection closed before the ack, and delivers it on the next connection", async () => {
    const bot = await socketBot();
    const first = await connect(bot.token);
    const id = await bot.ping();
    await first.client.next((f) => f.type === "event" && f.delivery_id === id);
    first.client.close();
    await expect
      .poll(() => bot.delivery(id))
      .toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: "connection closed" });
    const second = await connect(bot.token);
    const again = await second.client.next((f) => f.type === "event" && f.delivery_id === id, 15_000);
    expect(again.event.id).toBe(id);
    second.client.send({ type: "ack", delivery_id: id });
    await expect.poll(() => bot.delivery(id)).toMatchObject({ status: "delivered", last_error: null });
  });

  it("records no gateway connection when the bot is not connected, and delivers once it connects", async () => {
    const bot = await socketBot();
    const id = await bot.ping();
    await expect
      .poll(() => bot.delivery(id))
      .toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: "no gateway connection" });
    const { client } = await connect(bot.token);
    await client.next((f) => f.type === "event" && f.delivery_id === id, 15_000);
    client.send({ type: "ack", delivery_id: id });
    await expect.poll(() => bot.delivery(id)).toMatchObject({ status: "delivered" });
  });

  it("ignores an ack on another connection of the bot", async () => {
    const bot = await socketBot();
    const a = await connect(bot.token);
    const b = await connect(bot.token);
    const id = await bot.ping();
    await expect.poll(() => events(a.client, id).length + events(b.client, id).length).toBe(1);
    const [got, other] = events(a.client, id).length ? [a, b] : [b, a];
    other.client.send({ type: "ack", delivery_id: id });
    other.client.send({ type: "ping" });
    await other.client.nextNew("pong");
    expect((await bot.delivery(id)).status).toBe("pending");
    got.client.send({ type: "ack", delivery_id: id });
    await expect.poll(() => bot.delivery(id)).toMatchObject({ status: "delivered", attempts: 1 });
  });
});
