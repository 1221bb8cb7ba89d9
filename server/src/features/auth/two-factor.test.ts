// The whole TOTP flow over HTTP, with codes computed by otplib from the secret the server hands out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { ManualClock } from "../../../../test/helpers/clock.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
const clock = new ManualClock();

beforeAll(async () => {
  // Many deliberate failures below: keep the brute-force limits out of the way (they have their own test).
  server = await startTestServer({ clock, env: { RATE_LIMIT_MULTIPLIER: "100" } });
  http = api(server.url);
});
afterAll(() => server?.stop());

/** The code of the next time step: each accepted code is refused afterwards, so every use moves the clock on. */
async function nextCode(secret: string): Promise<string> {
  clock.advance(30_000);
  return generate({ secret, epoch: Math.floor(clock.now() / 1000) });
}

async function withTwoFactor(): Promise<TestUser & { secret: string; recovery: string[] }> {
  const u = await registerUser(server.url);
  const setup = await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token });
  const done = await http.post(
    "/api/auth/toggle-2fa",
    { enable: true, password: u.password, code: await nextCode(setup.body.secret) },
    { token: u.token },
  );
  expect(done.body.enabled).toBe(true);
  return { ...u, secret: setup.body.secret, recovery: done.body.recovery_codes };
}

describe("toggle-2fa", () => {
  it("sets up with a secret and otpauth URI, confirms with a code, answers ten recovery codes", async () => {
    const u = await registerUser(server.url);
    const setup = await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token });
    expect(setup.status).toBe(200);
    expect(setup.body).toEqual({
      enabled: false,
      secret: expect.stringMatching(/^[A-Z2-7]{16,}$/),
      otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    expect(setup.body.otpauth_uri).toContain(`secret=${setup.body.secret}`);
    expect((await http.get("/api/auth/me", { token: u.token })).body.two_factor_enabled).toBe(false);

    const wrong = await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password, code: "12345x" }, { token: u.token });
    expect(wrong).toMatchObject({ status: 400, body: { detail: "invalid code" } });
    const badPassword = await http.post(
      "/api/auth/toggle-2fa",
      { enable: true, password: "not-the-password", code: "123456" },
      { token: u.token },
    );
    expect(badPassword).toMatchObject({ status: 400, body: { detail: "invalid password" } });

    const done = await http.post(
      "/api/auth/toggle-2fa",
      { enable: true, password: u.password, code: await nextCode(setup.body.secret) },
      { token: u.token },
    );
    expect(done.status).toBe(200);
    expect(done.body.enabled).toBe(true);
    expect(done.body.recovery_codes).toHaveLength(10);
    expect(new Set(done.body.recovery_codes).size).toBe(10);
    expect((await http.get("/api/auth/me", { token: u.token })).body.two_factor_enabled).toBe(true);

    // At rest: the secret sealed (not readable), the recovery codes hashed.
    const row = await server.platform.db("users").where({ id: u.id }).first("totp_secret_enc");
    expect(row.totp_secret_enc).toMatch(/^v1\./);
    expect(row.totp_secret_enc).not.toContain(setup.body.secret);
    const stored = await server.platform.db("recovery_codes").where({ user_id: u.id }).select("hash");
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(done.body.recovery_codes[0]);

    const again = await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token });
    expect(again.status).toBe(400);
  });

  it("refuses confirmation before setup, and validates the body", async () => {
    const u = await registerUser(server.url);
    expect(
      await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password, code: "123456" }, { token: u.token }),
    ).toMatchObject({
      status: 400,
      body: { detail: "invalid code" },
    });
    expect((await http.post("/api/auth/toggle-2fa", { enable: true }, { token: u.token })).status).toBe(422);
    expect((await http.post("/api/auth/toggle-2fa", { enable: "yes", password: u.password }, { token: u.token })).status).toBe(422);
    expect((await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password })).status).toBe(401);
  });

  it("turns off only with the password and a valid code", async () => {
    const u = await withTwoFactor();
    const noCode = await http.post("/api/auth/toggle-2fa", { enable: false, password: u.password }, { token: u.token });
    expect(noCode).toMatchObject({ status: 400, body: { detail: "invalid code" } });
    const badCode = await http.post("/api/auth/toggle-2fa", { enable: false, password: u.password, code: "000000" }, { token: u.token });
    expect(badCode).toMatchObject({ status: 400, body: { detail: "invalid code" } });
    const badPassword = await http.post(
      "/api/auth/toggle-2fa",
      { enable: false, password: "wrong-password", code: await nextCode(u.secret) },
      { token: u.token },
    );
    expect(badPassword).toMatchObject({ status: 400, body: { detail: "invalid password" } });
    const off = await http.post(
      "/api/auth/toggle-2fa",
      { enable: false, password: u.password, code: await nextCode(u.secret) },
      { token: u.token },
    );
    expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    const login = await http.post("/api/auth/login", { login: u.username, password: u.password });
    expect(login.body).toMatchObject({ requires_2fa: false, access_token: expect.any(String) });
    expect(await server.platform.db("recovery_codes").where({ user_id: u.id })).toHaveLength(0);
  });
});

describe("login with 2FA", () => {
  it("accepts the code that confirmed the setup at the next login", async () => {
    const u = await registerUser(server.url);
    const setup = await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token });
    const code = await generate({ secret: setup.body.secret, epoch: Math.floor(clock.now() / 1000) });
    expect((await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password, code }, { token: u.token })).body.enabled).toBe(
      true,
    );
    const login = await http.post("/api/auth/login", { login: u.username, password: u.password });
    expect((await http.post("/api/auth/login/2fa", { two_factor_token: login.body.two_factor_token, code })).status).toBe(200);
  });

  it("asks for a code, then answers tokens for a valid TOTP code; a code is accepted once", async () => {
    const u = await withTwoFactor();
    const first = await http.post("/api/auth/login", { login: u.username, password: u.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ requires_2fa: true, two_factor_token: expect.any(String) });

    const wrong = await http.post("/api/auth/login/2fa", { two_factor_token: first.body.two_factor_token, code: "000000" });
    expect(wrong).toMatchObject({ status: 401, body: { detail: "invalid code" } });
    const unknownToken = await http.post("/api/auth/login/2fa", { two_factor_token: "tf_nope", code: "123456" });
    expect(unknownToken).toMatchObject({ status: 401, body: { detail: "invalid code" } });

    const code = await nextCode(u.secret);
    const ok = await http.post("/api/auth/login/2fa", { two_factor_token: first.body.two_factor_token, code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: "bearer", requires_2fa: false, device_secret: expect.any(String) });
    expect((await http.get("/api/auth/me", { token: ok.body.access_token })).body.id).toBe(u.id);

    // The challenge is spent, and the same code does not work a second time (RFC 6238 §5.2).
    expect((await http.post("/api/auth/login/2fa", { two_factor_token: first.body.two_factor_token, code })).status).toBe(401);
    const second = await http.post("/api/auth/login", { login: u.username, password: u.password });
    expect((await http.post("/api/auth/login/2fa", { two_factor_token: second.body.two_factor_token, code })).status).toBe(401);
    expect((await http.post("/api/auth/login/2fa", { two_factor_token: second.body.two_factor_token })).status).toBe(422);
  });

  it("accepts each recovery code once, in any case and with or without dashes", async () => {
    const u = await withTwoFactor();
    const a = await http.post("/api/auth/login", { login: u.email, password: u.password });
    const used = await http.post("/api/auth/login/2fa", {
      two_factor_token: a.body.two_factor_token,
      code: u.recovery[0]!.toUpperCase().replace(/-/g, ""),
    });
    expect(used.status).toBe(200);
    const b = await http.post("/api/auth/login", { login: u.email, password: u.password });
    const reused = await http.post("/api/auth/login/2fa", { two_factor_token: b.body.two_factor_token, code: u.recovery[0] });
    expect(reused).toMatchObject({ status: 401, body: { detail: "invalid code" } });
    expect((await http.post("/api/auth/login/2fa", { two_factor_token: b.body.two_factor_token, code: u.recovery[1] })).status).toBe(200);
  });

  it("skips the step for a trusted device sent with its secret; an untrusted known device is resumed after the code", async () => {
    const u = await withTwoFactor();
    // The registering device is known but not trusted: the code is asked, then that device resumes.
    const known = await http.post("/api/auth/login", {
      login: u.username,
      password: u.password,
      device_id: u.deviceId,
      device_secret: u.deviceSecret,
    });
    expect(known.body.requires_2fa).toBe(true);
    const resumed = await http.post("/api/auth/login/2fa", {
      two_factor_token: known.body.two_factor_token,
      code: await nextCode(u.secret),
    });
    expect(resumed.body.device_id).toBe(u.deviceId);
    expect(resumed.body.device_secret).toBeUndefined();

    expect(
      (await http.patch(`/api/auth/devices/${u.deviceId}/trust?trusted=true`, undefined, { token: resumed.body.access_token })).status,
    ).toBe(200);
    const trusted = await http.post("/api/auth/login", {
      login: u.username,
      password: u.password,
      device_id: u.deviceId,
      device_secret: u.deviceSecret,
    });
    expect(trusted.body).toMatchObject({ requires_2fa: false, device_id: u.deviceId, access_token: expect.any(String) });

    // A wrong secret is not an error: it is simply a new device, which must give a code.
    const wrongSecret = await http.post("/api/auth/login", {
      login: u.username,
      password: u.password,
      device_id: u.deviceId,
      device_secret: "ds_wrong",
    });
    expect(wrongSecret.body).toEqual({ requires_2fa: true, two_factor_token: expect.any(String) });
    const fresh = await http.post("/api/auth/login/2fa", {
      two_factor_token: wrongSecret.body.two_factor_token,
      code: await nextCode(u.secret),
    });
    expect(fresh.body.device_id).not.toBe(u.deviceId);

    // Untrusting brings the step back.
    await http.patch(`/api/auth/devices/${u.deviceId}/trust?trusted=false`, undefined, { token: trusted.body.access_token });
    const again = await http.post("/api/auth/login", {
      login: u.username,
      password: u.password,
      device_id: u.deviceId,
      device_secret: u.deviceSecret,
    });
    expect(again.body.requires_2fa).toBe(true);
  });
});
