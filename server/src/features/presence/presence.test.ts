// Presence over HTTP with a ManualClock: idle after 5 minutes, offline 60 s after the last connection,
// chosen statuses, invisible seen as offline, and presence:update frames to friends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../../test/helpers/clock.ts";
import { RT } from "../../platform/realtime/publisher.ts";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

const MIN = 60_000;
let server: TestServer;
let http: ReturnType<typeof api>;
const clock = new ManualClock(Date.parse("2026-11-22T10:00:00.000Z"));

beforeAll(async () => {
  server = await startTestServer({ clock });
  http = api(server.url);
});
afterAll(() => server?.stop());

// Through the service: access tokens live 15 minutes on the same manual clock, and these tests jump hours.
const status = async (u: TestUser) => (await server.presence.get(u.id, u.id)).status;
const seenBy = async (u: TestUser, viewer: TestUser) => (await server.presence.viewMany([u.id], viewer.id)).get(u.id);

describe("presence", () => {
  it("a new user is offline with no last activity", async () => {
    const u = await registerUser(server.url);
    const r = await http.get("/api/users/me/presence", { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ user_id: u.id, status: "offline", custom_status: null, last_active_at: null });
  });

  it("online, idle after 5 minutes without activity or connection, online again on activity", async () => {
    const u = await registerUser(server.url);
    const on = await http.post("/api/users/me/online", undefined, { token: u.token });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ user_id: u.id, status: "online", custom_status: null, last_active_at: new Date(clock.now()).toISOString() });
    clock.advance(5 * MIN - 1);
    expect(await status(u)).toBe("online");
    clock.advance(1);
    expect(await status(u)).toBe("idle");
    const act = await http.post("/api/users/me/activity", undefined, { token: u.token });
    expect(act.status).toBe(200);
    expect(act.body).toEqual({ status: "ok" });
    expect(await status(u)).toBe("online");
    expect((await http.get("/api/users/me/presence", { token: u.token })).body.last_active_at).toBe(new Date(clock.now()).toISOString());
  });

  it("a live realtime connection keeps the user online; offline 60 s after the last one closes", async () => {
    const u = await registerUser(server.url);
    await server.presence.connected(u.id);
    expect(await status(u)).toBe("online");
    await server.presence.connected(u.id);
    clock.advance(30 * MIN);
    expect(await status(u)).toBe("online");
    await server.presence.disconnected(u.id);
    clock.advance(2 * MIN);
    expect(await status(u)).toBe("online"); // one connection left
    await server.presence.disconnected(u.id);
    clock.advance(59_999);
    expect(await status(u)).toBe("online");
    clock.advance(1);
    expect(await status(u)).toBe("offline");
    await server.presence.connected(u.id);
    expect(await status(u)).toBe("online");
  });

  it("activity after the last disconnect keeps the user from going offline (then idle after 5 minutes)", async () => {
    const u = await registerUser(server.url);
    await server.presence.connected(u.id);
    await server.presence.disconnected(u.id);
    clock.advance(10_000);
    await http.post("/api/users/me/activity", undefined, { token: u.token });
    clock.advance(2 * MIN);
    expect(await status(u)).toBe("online");
    clock.advance(3 * MIN);
    expect(await status(u)).toBe("idle");
  });

  it("dnd and invisible stay as chosen; others see invisible as offline", async () => {
    const [u, other] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
    const dnd = await http.post("/api/users/me/presence", { status: "dnd", custom_status: "focus" }, { token: u.token });
    expect(dnd.status).toBe(200);
    expect(dnd.body).toMatchObject({ user_id: u.id, status: "dnd", custom_status: "focus" });
    clock.advance(10 * MIN);
    expect(await status(u)).toBe("dnd");
    expect((await http.get("/api/users/me/presence", { token: u.token })).body.status).toBe("dnd");
    expect(await seenBy(u, other)).toEqual({ status: "dnd", custom_status: "focus" });

    const inv = await http.post("/api/users/presence", { status: "invisible" }, { token: u.token }); // the alias
    expect(inv.status).toBe(200);
    expect(inv.body).toMatchObject({ status: "invisible", custom_status: null });
    clock.advance(20 * MIN);
    expect(await status(u)).toBe("invisible");
    expect(await seenBy(u, other)).toEqual({ status: "offline", custom_status: null });
    expect(await seenBy(u, u)).toEqual({ status: "invisible", custom_status: null });
    expect((await server.presence.get(u.id, other.id)).status).toBe("offline");
  });

  it("POST /me/offline sets offline until the next activity and keeps the custom status", async () => {
    const u = await registerUser(server.url);
    await http.post("/api/users/me/presence", { status: "online", custom_status: "hi" }, { token: u.token });
    await server.presence.connected(u.id);
    const off = await http.post("/api/users/me/offline", undefined, { token: u.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: "offline", custom_status: "hi" });
    clock.advance(1000);
    expect(await status(u)).toBe("offline");
    await http.post("/api/users/me/activity", undefined, { token: u.token });
    expect(await status(u)).toBe("online");
    await server.presence.disconnected(u.id);
  });

  it("viewMany reads many users at once and hides users with show_presence off", async () => {
    const [a, b, c] = await Promise.all([registerUser(server.url), registerUser(server.url), registerUser(server.url)]);
    await http.post("/api/users/me/online", undefined, { token: a.token });
    await http.post("/api/users/me/presence", { status: "dnd" }, { token: b.token });
    await http.patch("/api/users/me/settings", { privacy: { show_presence: false } }, { token: b.token });
    const map = await server.presence.viewMany([a.id, b.id, c.id], c.id);
    expect(map.get(a.id)).toEqual({ status: "online", custom_status: null });
    expect(map.get(b.id)).toEqual({ status: "offline", custom_status: null });
    expect(map.get(c.id)).toEqual({ status: "offline", custom_status: null });
    expect(await status(b)).toBe("dnd");
    await http.patch("/api/users/me/settings", { privacy: { show_presence: true } }, { token: b.token });
    expect((await seenBy(b, c))?.status).toBe("dnd");
  });

  it("publishes presence:update to friends, invisible as offline", async () => {
    const [a, b] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
    await http.post(`/api/users/friends/add/${b.username}`, undefined, { token: a.token });
    await http.post(`/api/users/friends/add/${a.username}`, undefined, { token: b.token });
    const toB: unknown[] = [];
    const toA: unknown[] = [];
    const offB = await server.platform.pubsub.subscribe(RT.user(b.id), (m) => void toB.push(JSON.parse(m)));
    const offA = await server.platform.pubsub.subscribe(RT.user(a.id), (m) => void toA.push(JSON.parse(m)));
    await http.post("/api/users/me/presence", { status: "dnd", custom_status: "busy" }, { token: a.token });
    await http.post("/api/users/me/presence", { status: "invisible" }, { token: a.token });
    await expect.poll(() => toB.length).toBeGreaterThanOrEqual(2);
    expect(toB).toEqual([
      { type: "presence:update", user_id: a.id, status: "dnd", custom_status: "busy" },
      { type: "presence:update", user_id: a.id, status: "offline", custom_status: null },
    ]);
    await expect.poll(() => toA.length).toBeGreaterThanOrEqual(2);
    expect(toA[1]).toEqual({ type: "presence:update", user_id: a.id, status: "invisible", custom_status: null });
    await offA();
    await offB();
  });

  it("reaches co-members' sockets once per shared space, never the subject's own with the public view", async () => {
    const [a, b, outsider] = await Promise.all([registerUser(server.url), registerUser(server.url), registerUser(server.url)]);
    const space = await http.post("/api/spaces", { name: "presence", visibility: "public" }, { token: a.token });
    await http.post(`/api/spaces/${space.body.id}/join`, undefined, { token: b.token });
    const [sa, sb, so] = await Promise.all([
      WsClient.ready(server.url, a.token),
      WsClient.ready(server.url, b.token),
      WsClient.ready(server.url, outsider.token),
    ]);
    try {
      await http.post("/api/users/me/presence", { status: "invisible" }, { token: a.token });
      const seen = await sb.client.next((f) => f.type === "presence:update" && f.user_id === a.id && f.status === "offline");
      expect(seen).toEqual({ type: "presence:update", user_id: a.id, status: "offline", custom_status: null });
      await sa.client.next((f) => f.type === "presence:update" && f.status === "invisible");
      await new Promise((r) => setTimeout(r, 200));
      // The subject hears only its true status; a user sharing no space and no friendship hears nothing.
      expect(
        sa.client
          .ofType("presence:update")
          .filter((f) => f.user_id === a.id)
          .map((f) => f.status),
      ).not.toContain("offline");
      expect(so.client.ofType("presence:update").filter((f) => f.user_id === a.id)).toEqual([]);
    } finally {
      for (const c of [sa, sb, so]) c.client.close();
    }
  });

  it("answers 422 for a bad status or a long custom status, 401 without a token", async () => {
    const u = await registerUser(server.url);
    for (const body of [{ status: "away" }, {}, { status: "online", custom_status: "x".repeat(129) }]) {
      expect((await http.post("/api/users/me/presence", body, { token: u.token })).status, JSON.stringify(body)).toBe(422);
    }
    expect(
      (await http.post("/api/users/me/presence", { status: "online", custom_status: "x".repeat(128) }, { token: u.token })).status,
    ).toBe(200);
    for (const path of ["/api/users/me/online", "/api/users/me/offline", "/api/users/me/activity", "/api/users/presence"]) {
      expect((await http.post(path, { status: "online" })).status, path).toBe(401);
    }
    expect((await http.get("/api/users/me/presence")).status).toBe(401);
  });
});
