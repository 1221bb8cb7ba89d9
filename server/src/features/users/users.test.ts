// /api/users profile, avatar, settings and anonymous accounts, over HTTP against a real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
  alice = await registerUser(server.url);
});
afterAll(() => server?.stop());

describe("profile", () => {
  it("GET /me answers the caller's own record with private fields", async () => {
    const r = await http.get("/api/users/me", { token: alice.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: alice.id,
      username: alice.username,
      email: alice.email,
      email_verified: false,
      is_anonymous: false,
      is_bot: false,
    });
    expect(r.body.default_avatar_index).toBeGreaterThanOrEqual(0);
    expect(r.body.default_avatar_index).toBeLessThanOrEqual(7);
  });

  it("GET /api/auth/me answered from the cached row's JSON text has res.json's bytes and headers", async () => {
    const get = () => fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${alice.token}` } });
    const first = await get();
    const again = await get();
    const text = await again.text();
    expect(again.status).toBe(200);
    expect(text).toBe(await first.text());
    expect(JSON.parse(text)).toEqual((await http.get("/api/users/me", { token: alice.token })).body);
    expect(again.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(again.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(again.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get("etag")).toBeNull();
    // A conditional request is answered as Express answers it (no ETag here: a plain 200).
    const conditional = await fetch(`${server.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${alice.token}`, "if-none-match": '"x"' },
    });
    expect(conditional.status).toBe(200);
    expect(await conditional.text()).toBe(text);
  });

  it("refuses without a token", async () => {
    const r = await http.get("/api/users/me");
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ detail: "not authenticated" });
  });

  it("GET /{user_id} is public and hides the e-mail; 404 unknown; 422 not a uuid", async () => {
    const r = await http.get(`/api/users/${alice.id}`);
    expect(r.status).toBe(200);
    expect(r.body.username).toBe(alice.username);
    expect(r.body).not.toHaveProperty("email");
    expect(r.body).not.toHaveProperty("is_admin");
    expect((await http.get("/api/users/0190a6f0-0000-7000-8000-000000000000")).status).toBe(404);
    expect((await http.get("/api/users/not-a-uuid")).status).toBe(422);
  });

  it("PATCH /me changes display name, bio and username", async () => {
    const username = `${alice.username}_x`;
    const r = await http.patch("/api/users/me", { display_name: "Alice A.", bio: "hello", username }, { token: alice.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ display_name: "Alice A.", bio: "hello", username, email: alice.email });
    alice.username = username;
    const empty = await http.patch("/api/users/me", {}, { token: alice.token });
    expect(empty.status).toBe(200);
    expect(empty.body.bio).toBe("hello");
  });

  it("PATCH /me answers 409 for a taken username (case-insensitively)", async () => {
    const bob = await registerUser(server.url);
    const r = await http.patch("/api/users/me", { username: alice.username.toUpperCase() }, { token: bob.token });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ detail: "username already taken" });
  });

  it("PATCH /me answers 422 for bad input", async () => {
    for (const body of [
      { bio: "x".repeat(191) },
      { display_name: "" },
      { display_name: "x".repeat(65) },
      { username: "no spaces" },
      { username: "ab" },
    ]) {
      const r = await http.patch("/api/users/me", body, { token: alice.token });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors.length).toBeGreaterThan(0);
    }
  });

  it("concurrent PATCH /me of different fields lose nothing and never deadlock", async () => {
    const u = await registerUser(server.url);
    const bodies = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? { display_name: `D${i}` } : i % 3 === 1 ? { bio: `B${i}` } : { username: `${u.username}${i}` },
    );
    const replies = await Promise.all(bodies.map((b) => http.patch("/api/users/me", b, { token: u.token })));
    expect(replies.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const me = (await http.get("/api/users/me", { token: u.token })).body;
    expect(["D0", "D3", "D6", "D9"]).toContain(me.display_name);
    expect(["B1", "B4", "B7", "B10"]).toContain(me.bio);
    expect([2, 5, 8, 11].map((i) => `${u.username}${i}`)).toContain(me.username);
  });
});

describe("default avatar", () => {
  it("stores a chosen index, or a random one for null", async () => {
    const put = await http.put("/api/users/me/default-avatar", { index: 6 }, { token: alice.token });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ status: "ok" });
    expect((await http.get("/api/users/me", { token: alice.token })).body.default_avatar_index).toBe(6);
    const random = await http.put("/api/users/me/default-avatar", { index: null }, { token: alice.token });
    expect(random.status).toBe(200);
    const idx = (await http.get("/api/users/me", { token: alice.token })).body.default_avatar_index;
    expect(idx).toBeGreaterThanOrEqual(0);
    expect(idx).toBeLessThanOrEqual(7);
  });

  it("answers 422 outside 0..7 or without index", async () => {
    for (const body of [{ index: 8 }, { index: -1 }, { index: 2.5 }, {}]) {
      expect((await http.put("/api/users/me/default-avatar", body, { token: alice.token })).status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("settings", () => {
  const defaults = {
    theme: "system",
    locale: "en",
    notifications: { mentions: true, direct_messages: true, sounds: true },
    privacy: { show_presence: true, friend_requests: "everyone" },
  };

  it("GET answers the defaults for a new user", async () => {
    const u = await registerUser(server.url);
    const r = await http.get("/api/users/me/settings", { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(defaults);
  });

  it("PATCH deep-merges and ignores unknown keys", async () => {
    const u = await registerUser(server.url);
    const r = await http.patch(
      "/api/users/me/settings",
      { notifications: { sounds: false, bogus: 1 }, theme: "dark", junk: { a: 1 } },
      { token: u.token },
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...defaults, theme: "dark", notifications: { mentions: true, direct_messages: true, sounds: false } });
    const r2 = await http.patch("/api/users/me/settings", { notifications: { mentions: false }, locale: "pt-BR" }, { token: u.token });
    expect(r2.body).toEqual({
      ...defaults,
      theme: "dark",
      locale: "pt-BR",
      notifications: { mentions: false, direct_messages: true, sounds: false },
    });
    const stored = (await server.platform.db("users").select("settings").where({ id: u.id }).first()).settings;
    expect(stored).not.toHaveProperty("junk");
    expect(stored.notifications).not.toHaveProperty("bogus");
    expect((await http.get("/api/users/me/settings", { token: u.token })).body).toEqual(r2.body);
  });

  it("concurrent PATCHes of different keys all survive", async () => {
    const u = await registerUser(server.url);
    const bodies = [
      { theme: "light" },
      { locale: "de" },
      { notifications: { mentions: false } },
      { notifications: { direct_messages: false } },
      { notifications: { sounds: false } },
      { privacy: { show_presence: false } },
      { privacy: { friend_requests: "nobody" } },
      { theme: "light" },
      { notifications: { sounds: false } },
      { locale: "de" },
    ];
    const replies = await Promise.all(bodies.map((b) => http.patch("/api/users/me/settings", b, { token: u.token })));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect((await http.get("/api/users/me/settings", { token: u.token })).body).toEqual({
      theme: "light",
      locale: "de",
      notifications: { mentions: false, direct_messages: false, sounds: false },
      privacy: { show_presence: false, friend_requests: "nobody" },
    });
  });

  it("PATCH answers 422 for bad values", async () => {
    for (const body of [
      { theme: "blue" },
      { locale: "not a tag!" },
      { notifications: { sounds: "no" } },
      { privacy: { friend_requests: "some" } },
      { notifications: 3 },
    ]) {
      expect((await http.patch("/api/users/me/settings", body, { token: alice.token })).status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("anonymous users", () => {
  it("POST /register creates an anonymous account with working tokens", async () => {
    const r = await http.post("/api/users/register");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ is_anonymous: true, email: null, is_bot: false });
    expect(r.body.username).toMatch(/^anon_[0-9a-f]+$/);
    expect(typeof r.body.access_token).toBe("string");
    expect(typeof r.body.refresh_token).toBe("string");
    const me = await http.get("/api/users/me", { token: r.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(r.body.id);
    const refreshed = await http.post("/api/auth/refresh", { refresh_token: r.body.refresh_token });
    expect(refreshed.status).toBe(200);
  });

  it("upgrades through PATCH /me with username, email and password together", async () => {
    const anon = (await http.post("/api/users/register")).body;
    const token = anon.access_token;
    const partial = await http.patch("/api/users/me", { email: `${anon.username}@example.test` }, { token });
    expect(partial.status).toBe(400);
    expect(partial.body.detail).toBe("username, email and password are required together to upgrade an anonymous account");
    const taken = await http.patch(
      "/api/users/me",
      { username: `up_${anon.id.slice(-8)}`, email: alice.email, password: "long-enough-pw" },
      { token },
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: "email already registered" });
    const username = `up_${anon.id.slice(-8)}`;
    const email = `${username}@example.test`;
    const r = await http.patch("/api/users/me", { username, email, password: "long-enough-pw" }, { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ username, email, is_anonymous: false });
    const login = await http.post("/api/auth/login", { login: email, password: "long-enough-pw" });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(anon.id);
  });

  it("refuses e-mail and password changes from normal users", async () => {
    const r = await http.patch(
      "/api/users/me",
      { username: `${alice.username}z`, email: "other@example.test", password: "long-enough-pw" },
      { token: alice.token },
    );
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("email and password can only be set here by anonymous users");
    expect((await http.get("/api/users/me", { token: alice.token })).body.username).toBe(alice.username);
    expect((await http.patch("/api/users/me", { email: "bad" }, { token: alice.token })).status).toBe(422);
    expect((await http.patch("/api/users/me", { password: "short" }, { token: alice.token })).status).toBe(422);
  });
});
