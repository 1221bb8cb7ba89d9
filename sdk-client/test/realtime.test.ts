// The realtime client against a real server (docs/realtime.md): ready, typed frames, async iteration, reconnect with a
// fresh token after the session is revoked, a refused fixed token, and a dead link found by the heartbeat.
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { registerUser, type TestUser } from "../../test/helpers/users.ts";
import {
  createClient,
  isFrame,
  type Disconnected,
  type MessageCreatedFrame,
  type PresenceSubscribedFrame,
  type ServerFrame,
  type WebSocketConstructor,
  type WebSocketLike,
} from "../src/index.ts";
import { connectRealtime } from "../src/node.ts";

let server: TestServer;
let base: string;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
  alice = await registerUser(base);
});
afterAll(async () => server?.stop());

const fastBackoff = { baseMs: 20, maxMs: 100 };

async function spaceWithChannel(token: string) {
  const client = createClient({ baseUrl: base, token });
  const space = await client.spaces.create({ name: "Realtime den", visibility: "private" });
  const channels = await client.spaces.channels(space.id);
  const text = channels.find((c) => c.type === "text");
  if (!text) throw new Error("no text channel");
  return { client, space, channelId: text.id };
}

describe("connectRealtime", () => {
  it("authenticates, answers ready, and delivers typed frames to listeners and iterators", async () => {
    const rt = connectRealtime({ baseUrl: base, token: alice.token });
    try {
      const ready = await rt.ready();
      expect(ready).toMatchObject({ type: "ready", user_id: alice.id });
      expect(rt.state).toBe("ready");
      expect(rt.session?.session_id).toBe(ready.session_id);

      const { client, space, channelId } = await spaceWithChannel(alice.token);
      const heard = new Promise<MessageCreatedFrame>((resolve) => rt.once("message:created", resolve));
      const iterated = (async () => {
        for await (const frame of rt) if (isFrame(frame, "message:created")) return frame;
        return null;
      })();
      const sent = await client.messages.post(space.id, channelId, { ciphertext: Buffer.from("opaque").toString("base64") });
      const frame = await heard;
      expect(frame).toMatchObject({ type: "message:created", id: sent.id, space_id: space.id, channel_id: channelId, kind: "user" });
      expect((await iterated)?.id).toBe(sent.id);

      const deleted = new Promise<ServerFrame>((resolve) => rt.once("message:deleted", resolve));
      await client.messages.remove(space.id, channelId, sent.id);
      expect(await deleted).toEqual({ type: "message:deleted", id: sent.id, space_id: space.id, channel_id: channelId });
    } finally {
      await rt.close();
    }
    expect(rt.state).toBe("closed");
  });

  it("async iteration ends on close()", async () => {
    const rt = connectRealtime({ baseUrl: base, token: alice.token });
    await rt.ready();
    const seen: string[] = [];
    const loop = (async () => {
      for await (const f of rt) seen.push(f.type);
    })();
    await rt.close();
    await loop;
    await expect(rt.ready()).rejects.toThrow(/closed/);
  });

  it("reconnects with a fresh token after its session is revoked by a logout elsewhere", async () => {
    const user = await registerUser(base);
    let logins = 0;
    // Each (re)connection signs in anew: the revoked session's tokens are useless.
    const tokenProvider = async () => {
      logins++;
      const res = await createClient({ baseUrl: base }).login({ login: user.username, password: user.password });
      if (res.requires_2fa) throw new Error("no 2FA here");
      return res.access_token;
    };
    const rt = connectRealtime({ baseUrl: base, tokenProvider, backoff: fastBackoff });
    try {
      const first = await rt.ready();
      const drops: Disconnected[] = [];
      rt.on("disconnected", (d) => drops.push(d));
      const again = new Promise<void>((resolve) => rt.once("connected", () => resolve()));
      // Log out every other device of the user: the realtime connection's session among them.
      await createClient({ baseUrl: base, token: user.token }).DELETE("/api/auth/devices");
      await again;
      const second = await rt.ready();
      expect(second.user_id).toBe(user.id);
      expect(second.session_id).not.toBe(first.session_id);
      expect(drops[0]).toMatchObject({ code: 4001, reason: "session revoked" });
      expect(drops[0]!.reconnectInMs).toBeGreaterThanOrEqual(0);
      expect(logins).toBe(2);
    } finally {
      await rt.close();
    }
  });

  it("subscribes to members' presence (presence:subscribed) and subscribes again after a reconnect", async () => {
    const user = await registerUser(base);
    const tokenProvider = async () => {
      const res = await createClient({ baseUrl: base }).login({ login: user.username, password: user.password });
      if (res.requires_2fa) throw new Error("no 2FA here");
      return res.access_token;
    };
    const space = await createClient({ baseUrl: base, token: user.token }).spaces.create({ name: "Presence den", visibility: "private" });
    const rt = connectRealtime({ baseUrl: base, tokenProvider, backoff: fastBackoff });
    try {
      await rt.ready();
      const answers: PresenceSubscribedFrame[] = [];
      rt.on("presence:subscribed", (f) => answers.push(f));
      rt.subscribePresence(space.id, { userIds: [user.id] });
      await expect.poll(() => answers.length).toBe(1);
      expect(answers[0]).toEqual({
        type: "presence:subscribed",
        space_id: space.id,
        online_count: 1,
        presences: [{ user_id: user.id, status: "online", custom_status: null }],
      });
      // The server forgets subscriptions with the socket: after a reconnect the client sends it again by itself.
      const again = new Promise<void>((resolve) => rt.once("connected", () => resolve()));
      await createClient({ baseUrl: base, token: user.token }).DELETE("/api/auth/devices");
      await again;
      await expect.poll(() => answers.length).toBe(2);
      expect(answers[1]!.presences.map((p) => p.user_id)).toEqual([user.id]);
    } finally {
      await rt.close();
    }
  });

  it("a fixed token refused by the server stops the client instead of retrying", async () => {
    const rt = connectRealtime({ baseUrl: base, token: "not-a-token", backoff: fastBackoff });
    const stopped = new Promise<Disconnected>((resolve) => rt.once("disconnected", resolve));
    await expect(rt.ready()).rejects.toThrow(/authentication refused/);
    expect(await stopped).toMatchObject({ code: 4001, reconnectInMs: null });
    expect(rt.state).toBe("closed");
  });

  it("treats a missing pong as a dead link and reconnects", async () => {
    // A socket that swallows the server's pongs, as a half-dead network path would.
    class Deaf implements WebSocketLike {
      private inner: WebSocket;
      onopen: ((ev: never) => void) | null = null;
      onmessage: ((ev: never) => void) | null = null;
      onclose: ((ev: never) => void) | null = null;
      onerror: ((ev: never) => void) | null = null;
      constructor(url: string) {
        this.inner = new WebSocket(url);
        this.inner.onopen = () => fire(this.onopen, {});
        this.inner.onmessage = (ev) => void (String(ev.data).includes('"pong"') || fire(this.onmessage, { data: ev.data }));
        this.inner.onclose = (ev) => fire(this.onclose, { code: ev.code, reason: ev.reason });
        this.inner.onerror = () => {};
      }
      get readyState() {
        return this.inner.readyState;
      }
      send(data: string) {
        this.inner.send(data);
      }
      close(code?: number, reason?: string) {
        this.inner.close(code, reason);
      }
      terminate() {
        this.inner.terminate();
      }
    }
    const fire = (fn: ((ev: never) => void) | null, ev: unknown) => (fn as ((ev: unknown) => void) | null)?.(ev);
    const rt = connectRealtime({
      baseUrl: base,
      tokenProvider: () => alice.token,
      WebSocket: Deaf satisfies WebSocketConstructor,
      heartbeatMs: 150,
      pongTimeoutMs: 150,
      backoff: fastBackoff,
    });
    try {
      const first = await rt.ready();
      const drop = await new Promise<Disconnected>((resolve) => rt.once("disconnected", resolve));
      expect(drop.reason).toBe("heartbeat timeout");
      const again = await new Promise<string>((resolve) => rt.once("connected", (r) => resolve(r.session_id)));
      expect(again).not.toBe(first.session_id);
    } finally {
      await rt.close();
    }
  });

  it("pings are answered and keep the connection", async () => {
    const rt = connectRealtime({ baseUrl: base, token: alice.token, heartbeatMs: 50, pongTimeoutMs: 500 });
    try {
      const first = await rt.ready();
      const drops: Disconnected[] = [];
      rt.on("disconnected", (d) => drops.push(d));
      await new Promise((r) => setTimeout(r, 400));
      expect(drops).toEqual([]);
      expect(rt.session?.session_id).toBe(first.session_id);
    } finally {
      await rt.close();
    }
  });
});
