// Register, login, refresh rotation with reuse detection, logout taking effect at once.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_JWT_SECRET, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
});
afterAll(() => server?.stop());

describe("register and login", () => {
  it("registers, answers a TokenResponse, and the access token opens /me", async () => {
    const res = await http.post("/api/auth/register", {
      username: "Alice.one",
      email: "Alice@Example.test",
      password: "correct horse",
      display_name: "Alice",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      token_type: "bearer",
      expires_in: 900,
      requires_2fa: false,
      device_id: expect.any(String),
      device_secret: expect.any(String),
    });
    expect(res.body.user).toMatchObject({
      username: "Alice.one",
      display_name: "Alice",
      email: "Alice@Example.test",
      is_bot: false,
      is_anonymous: false,
      email_verified: false,
    });
    expect(res.body.user.default_avatar_index).toBeGreaterThanOrEqual(0);
    const me = await http.get("/api/auth/me", { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.user.id);
  });

  it("refuses taken usernames and e-mails case-insensitively with 409", async () => {
    const u = await registerUser(server.url);
    const sameName = await http.post("/api/auth/register", {
      username: u.username.toUpperCase(),
      email: "other@example.test",
      password: "12345678",
    });
    expect(sameName).toMatchObject({ status: 409, body: { detail: "username already taken" } });
    const sameMail = await http.post("/api/auth/register", {
      username: "someone_else",
      email: u.email.toUpperCase(),
      password: "12345678",
    });
    expect(sameMail).toMatchObject({ status: 409, body: { detail: "email already registered" } });
  });

  it("validates the body with 422", async () => {
    for (const body of [
      { username: "ab", email: "a@b.test", password: "12345678" },
      { username: "bad name", email: "a@b.test", password: "12345678" },
      { username: "fine", email: "not-an-email", password: "12345678" },
      { username: "fine", email: "a@b.test", password: "short" },
    ]) {
      const res = await http.post("/api/auth/register", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
  });

  it("logs in by username or e-mail; wrong password and unknown user get the same 401", async () => {
    const u = await registerUser(server.url);
    expect((await http.post("/api/auth/login", { login: u.username, password: u.password })).status).toBe(200);
    const byMail = await http.post("/api/auth/login", { login: u.email.toUpperCase(), password: u.password });
    expect(byMail.status).toBe(200);
    expect(byMail.body.device_id).not.toBe(u.deviceId);
    const wrong = await http.post("/api/auth/login", { login: u.username, password: "wrong-password" });
    const unknown = await http.post("/api/auth/login", { login: "nobody_here", password: "wrong-password" });
    expect(wrong).toMatchObject({ status: 401, body: { detail: "invalid credentials" } });
    expect(unknown).toMatchObject({ status: 401, body: { detail: "invalid credentials" } });
  });

  it("resumes a known device when its id and secret are sent; a wrong secret opens a new one", async () => {
    const u = await registerUser(server.url);
    const resumed = await http.post("/api/auth/login", {
      login: u.username,
      password: u.password,
      device_id: u.deviceId,
      device_secret: u.deviceSecret,
    });
    expect(resumed.body.device_id).toBe(u.deviceId);
    expect(resumed.body.device_secret).toBeUndefined();
    const wrong = await http.post("/api/auth/login", {
      login: u.username,
      password: u.password,
      device_id: u.deviceId,
      device_secret: "nope",
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.device_id).not.toBe(u.deviceId);
  });
});

describe("tokens", () => {
  it("rotates refresh tokens; a reused one revokes the device session", async () => {
    const u = await registerUser(server.url);
    const first = await http.post("/api/auth/refresh", { refresh_token: u.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(u.refreshToken);
    expect(first.body.device_id).toBe(u.deviceId);
    const reuse = await http.post("/api/auth/refresh", { refresh_token: u.refreshToken });
    expect(reuse).toMatchObject({ status: 401, body: { detail: "invalid refresh token" } });
    // The thief's replay ended the session: the newest tokens are dead too.
    expect((await http.post("/api/auth/refresh", { refresh_token: first.body.refresh_token })).status).toBe(401);
    expect((await http.get("/api/auth/me", { token: first.body.access_token })).status).toBe(401);
    expect((await http.post("/api/auth/refresh", { refresh_token: "rt_unknown" })).status).toBe(401);
  });

  it("logout refuses the session's access token at once", async () => {
    const u = await registerUser(server.url);
    expect((await http.get("/api/auth/me", { token: u.token })).status).toBe(200);
    const out = await http.post("/api/auth/logout", undefined, { token: u.token });
    expect(out).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect(await http.get("/api/auth/me", { token: u.token })).toMatchObject({ status: 401, body: { detail: "not authenticated" } });
    expect((await http.post("/api/auth/refresh", { refresh_token: u.refreshToken })).status).toBe(401);
  });

  it("logout with a refresh_token ends that session only", async () => {
    const u = await registerUser(server.url);
    const other = await http.post("/api/auth/login", { login: u.username, password: u.password });
    await http.post(`/api/auth/logout?refresh_token=${encodeURIComponent(other.body.refresh_token)}`, undefined, { token: u.token });
    expect((await http.get("/api/auth/me", { token: other.body.access_token })).status).toBe(401);
    expect((await http.get("/api/auth/me", { token: u.token })).status).toBe(200);
  });

  it("answers 401 not authenticated for missing, malformed and forged tokens", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer" },
      { authorization: "Bearer x.y.z" },
      { authorization: "Basic abc" },
    ]) {
      expect(await http.get("/api/auth/me", { headers })).toMatchObject({ status: 401, body: { detail: "not authenticated" } });
    }
  });

  /** A live session's claims under `header`, signed with the server's own secret by `hmac` (none: no signature). */
  const forge = (token: string, header: Record<string, unknown>, hmac: "sha256" | "sha512" | "none") => {
    const payload = token.split(".")[1]!;
    const signingInput = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${payload}`;
    const sig = hmac === "none" ? "" : createHmac(hmac, TEST_JWT_SECRET).update(signingInput).digest("base64url");
    return `${signingInput}.${sig}`;
  };

  it("answers 401 not authenticated to a token whose header is forged: alg none, HS512 with the same secret, a crit extension", async () => {
    const u = await registerUser(server.url);
    // The forging is right: the same claims, signed HS256 under a header of another text (so a token not seen before), open /me.
    const resigned = forge(u.token, { typ: "JWT", alg: "HS256" }, "sha256");
    expect((await http.get("/api/auth/me", { token: resigned })).status).toBe(200);
    for (const token of [
      forge(u.token, { alg: "none", typ: "JWT" }, "none"),
      forge(u.token, { alg: "none", typ: "JWT" }, "sha256"),
      forge(u.token, { alg: "HS512", typ: "JWT" }, "sha512"),
      forge(u.token, { alg: "HS256", typ: "JWT", crit: ["x-parley"], "x-parley": true }, "sha256"),
      forge(u.token, { alg: "HS256", typ: "JWT", crit: ["exp"] }, "sha256"),
    ]) {
      expect(await http.get("/api/auth/me", { token }), token.split(".")[0]).toMatchObject({
        status: 401,
        body: { detail: "not authenticated" },
      });
    }
  });
});
