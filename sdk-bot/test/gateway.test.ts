// The gateway receiver against a scripted gateway on a real WebSocket server (`ws`): auth first, pings at the
// asked interval, each event acknowledged before its handlers run, a repeated delivery id acknowledged but not
// handled again, reconnection after a dropped connection, and a clean stop on close(), an abort, or a fatal close.
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { GatewayClosedError, GatewayReceiver, command, createBot, type WebhookEvent } from "../src/index.ts";

interface Conn {
  ws: WebSocket;
  frames: any[];
  closed: Promise<number>;
  next(pred: (f: any) => boolean): Promise<any>;
}

/** A gateway that answers auth with ready and hands each connection to the test. */
async function scriptedGateway(heartbeatMs = 30_000, answerPings = true) {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((r) => wss.once("listening", r));
  const conns: Conn[] = [];
  const waiting: ((c: Conn) => void)[] = [];
  wss.on("connection", (ws, req) => {
    const frames: any[] = [];
    const waiters: { pred: (f: any) => boolean; resolve: (f: any) => void }[] = [];
    const conn: Conn = {
      ws,
      frames,
      closed: new Promise((r) => ws.on("close", (code) => r(code))),
      next: (pred) => {
        const seen = frames.find(pred);
        return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ pred, resolve }));
      },
    };
    expect(req.url).toBe("/api/bot/gateway");
    ws.on("message", (data) => {
      const f = JSON.parse(data.toString());
      frames.push(f);
      for (const w of waiters.splice(0)) {
        if (w.pred(f)) w.resolve(f);
        else waiters.push(w);
      }
      if (f.type === "ping" && answerPings) ws.send('{"type":"pong"}');
      if (f.type === "auth")
        ws.send(JSON.stringify({ type: "ready", bot_user_id: "b", session_id: crypto.randomUUID(), heartbeat_interval_ms: heartbeatMs }));
    });
    conns.push(conn);
    waiting.shift()?.(conn);
  });
  const base = `http://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  return {
    base,
    conns,
    /** The n-th connection (from 0), once it exists. */
    connection: (n: number) => (conns[n] ? Promise.resolve(conns[n]) : new Promise<Conn>((r) => waiting.push(r))),
    close: () => {
      for (const c of conns) c.ws.terminate();
      return new Promise((r) => wss.close(r));
    },
  };
}

const TOKEN = `bot_${"a".repeat(48)}`;
const ping = (id = crypto.randomUUID()): WebhookEvent<"webhook.ping"> => ({
  id,
  type: "webhook.ping",
  space_id: null,
  delivered_at: new Date().toISOString(),
  bot_user_id: "b",
  data: { webhook_id: "w" },
});
const eventFrame = (e: WebhookEvent) => JSON.stringify({ type: "event", delivery_id: e.id, event: e });

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(heartbeatMs?: number, answerPings?: boolean) {
  const gw = await scriptedGateway(heartbeatMs, answerPings);
  cleanups.push(() => gw.close());
  const errors: unknown[] = [];
  const bot = createBot({ baseUrl: gw.base, token: TOKEN });
  return { gw, bot, errors };
}

describe("bot.gateway.connect()", () => {
  it("authenticates with the bot token and pings at the interval ready asks for", async () => {
    const { gw, bot, errors } = await setup(100);
    const receiver = bot.gateway.connect({ onError: (e) => errors.push(e) });
    cleanups.push(() => receiver.close());
    const ready = await receiver.ready();
    expect(ready).toMatchObject({ type: "ready", bot_user_id: "b", heartbeat_interval_ms: 100 });
    const conn = await gw.connection(0);
    expect(conn.frames[0]).toEqual({ type: "auth", token: TOKEN });
    await expect.poll(() => conn.frames.filter((f) => f.type === "ping").length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
  });

  it("acks each event before its handlers run, and acks a repeated delivery id without handling it again", async () => {
    const { gw, bot } = await setup();
    const handled: string[] = [];
    // eslint-disable-next-line prefer-const -- assigned once the receiver has connected, read by the handler before that
    let conn!: Conn;
    const receiver = bot.gateway
      .connect()
      .on("webhook.ping", async (event, ctx) => {
        // Waits for the server to have the ack: were the ack sent after the handler, this would never end.
        await conn.next((f) => f.type === "ack" && f.delivery_id === ctx.deliveryId);
        handled.push(event.id);
      })
      .onAny((event) => void handled.push(`any:${event.type}`));
    cleanups.push(() => receiver.close());
    await receiver.ready();
    conn = await gw.connection(0);
    const e = ping();
    conn.ws.send(eventFrame(e));
    await expect.poll(() => handled).toEqual(expect.arrayContaining([e.id, "any:webhook.ping"]));
    conn.ws.send(eventFrame(e));
    await expect.poll(() => conn.frames.filter((f) => f.type === "ack" && f.delivery_id === e.id).length).toBe(2);
    expect(handled.filter((h) => h === e.id)).toHaveLength(1);
  });

  it("routes command.invoked to onCommand with an interaction that responds through the bot API", async () => {
    const { gw } = await setup();
    const replies: [string, string][] = [];
    const roll = command("roll", "Roll").integer("sides", { description: "Sides", min: 2, max: 100 });
    const receiver = new GatewayReceiver({ baseUrl: gw.base, token: TOKEN, respond: async (t, c) => void replies.push([t, c]) });
    receiver.onCommand(roll, (event, ctx) => ctx.interaction.respond(`rolled ${event.data.options.sides}`));
    cleanups.push(() => receiver.close());
    await receiver.ready();
    const conn = await gw.connection(0);
    const id = crypto.randomUUID();
    conn.ws.send(
      JSON.stringify({
        type: "event",
        delivery_id: id,
        event: {
          id,
          type: "command.invoked",
          space_id: "s",
          delivered_at: new Date().toISOString(),
          bot_user_id: "b",
          data: {
            target_bot_user_id: "b",
            interaction_id: "i",
            interaction_token: "tok",
            channel_id: "c",
            actor_user_id: "u",
            command: "roll",
            options: { sides: 6 },
            command_version: 1,
            created_at: new Date().toISOString(),
          },
        },
      }),
    );
    await expect.poll(() => replies).toEqual([["tok", "rolled 6"]]);
  });

  it("reconnects after the connection drops, and hears events on the new one", async () => {
    const { gw, bot } = await setup();
    const handled: string[] = [];
    const readies: string[] = [];
    const receiver = bot.gateway
      .connect({ minReconnectDelayMs: 20, maxReconnectDelayMs: 100, onReady: (r) => readies.push(r.session_id) })
      .on("webhook.ping", (e) => void handled.push(e.id));
    cleanups.push(() => receiver.close());
    await receiver.ready();
    (await gw.connection(0)).ws.terminate();
    const second = await gw.connection(1);
    await second.next((f) => f.type === "auth");
    await expect.poll(() => readies.length).toBe(2);
    const e = ping();
    second.ws.send(eventFrame(e));
    await expect.poll(() => handled).toEqual([e.id]);
  });

  it("gives up on a connection that hears nothing for two intervals, and reconnects", async () => {
    const { gw, bot } = await setup(100, false);
    const receiver = bot.gateway.connect({ minReconnectDelayMs: 20, maxReconnectDelayMs: 50 });
    cleanups.push(() => receiver.close());
    await receiver.ready();
    const first = await gw.connection(0);
    expect(await first.closed).toBe(4000);
    await (await gw.connection(1)).next((f) => f.type === "auth");
  });

  it("stops for good on a fatal close (4001): ready() and closed tell why, nothing reconnects", async () => {
    const { gw, bot, errors } = await setup();
    const receiver = bot.gateway.connect({ minReconnectDelayMs: 10, onError: (e) => errors.push(e) });
    await receiver.ready();
    (await gw.connection(0)).ws.close(4001, "invalid bot token");
    await receiver.closed;
    await expect(receiver.ready()).rejects.toMatchObject({ name: "GatewayClosedError", code: 4001, reason: "invalid bot token" });
    expect(errors[0]).toBeInstanceOf(GatewayClosedError);
    await new Promise((r) => setTimeout(r, 100)); // would be time enough for a reconnect
    expect(gw.conns).toHaveLength(1);
  });

  it("closes cleanly (1000) on close() and on an abort signal, without reconnecting", async () => {
    const { gw, bot } = await setup();
    const byClose = bot.gateway.connect({ minReconnectDelayMs: 10 });
    await byClose.ready();
    const first = await gw.connection(0);
    await byClose.close();
    expect(await first.closed).toBe(1000);

    const abort = new AbortController();
    const bySignal = bot.gateway.connect({ minReconnectDelayMs: 10, signal: abort.signal });
    await bySignal.ready();
    const second = await gw.connection(1);
    abort.abort();
    expect(await second.closed).toBe(1000);
    await bySignal.closed;
    await new Promise((r) => setTimeout(r, 100));
    expect(gw.conns).toHaveLength(2);
  });
});
