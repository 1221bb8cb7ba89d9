// Nothing secret reaches the log: passwords, tokens, device secrets, TOTP secrets and codes, recovery codes,
// e-mail tokens. Every flow runs with unique values, then the whole captured log (debug level) is searched.
import { afterAll, beforeAll, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { generate } from "otplib";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { ManualClock } from "../../../../test/helpers/clock.ts";
import { linkIn, startMailbox, type Mailbox } from "../../../../test/helpers/mailbox.ts";

let server: TestServer;
let mailbox: Mailbox;
const clock = new ManualClock();

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ clock, env: { SMTP_URL: mailbox.url } });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

it("logs none of the secrets that pass through the account flows", async () => {
  const http = api(server.url);
  const secrets: string[] = [];
  const keep = <T extends string>(s: T): T => (secrets.push(s), s);
  const marker = () => keep(`mk${randomBytes(8).toString("hex")}`);

  const username = `log_${randomBytes(4).toString("hex")}`;
  const email = `${username}@example.test`;
  const password = marker();
  const reg = await http.post("/api/auth/register", { username, email, password });
  expect(reg.status).toBe(201);
  keep(reg.body.access_token);
  keep(reg.body.refresh_token);
  keep(reg.body.device_secret);
  const token = reg.body.access_token as string;

  expect((await http.post("/api/auth/login", { login: username, password: marker() })).status).toBe(401);
  expect((await http.post("/api/auth/register", { username: "x", email: "bad", password: marker().slice(0, 5) })).status).toBe(422);
  const refreshed = await http.post("/api/auth/refresh", { refresh_token: reg.body.refresh_token });
  keep(refreshed.body.access_token);
  keep(refreshed.body.refresh_token);
  await http.post("/api/auth/refresh", { refresh_token: reg.body.refresh_token }); // reuse, logged as a revocation
  expect((await http.post("/api/auth/refresh", { refresh_token: marker() })).status).toBe(401);

  const verify = linkIn(await mailbox.waitFor((m) => m.to === email), "verify-email").searchParams.get("token")!;
  keep(verify);
  const login = await http.post("/api/auth/login", { login: email, password });
  const t2 = keep(login.body.access_token as string);
  keep(login.body.refresh_token);
  keep(login.body.device_secret);
  expect((await http.post("/api/auth/verify-email", { token: verify })).status).toBe(200);
  expect((await http.post("/api/auth/verify-email", { token: marker() })).status).toBe(400);

  const setup = await http.post("/api/auth/toggle-2fa", { enable: true, password }, { token: t2 });
  const secret = keep(setup.body.secret as string);
  expect((await http.post("/api/auth/toggle-2fa", { enable: true, password: marker(), code: "123456" }, { token: t2 })).status).toBe(400);
  clock.advance(30_000);
  const code1 = keep(await generate({ secret, epoch: Math.floor(clock.now() / 1000) }));
  const on = await http.post("/api/auth/toggle-2fa", { enable: true, password, code: code1 }, { token: t2 });
  const recovery = on.body.recovery_codes as string[];
  recovery.forEach(keep);

  const challenge = await http.post("/api/auth/login", { login: username, password });
  keep(challenge.body.two_factor_token);
  expect((await http.post("/api/auth/login/2fa", { two_factor_token: challenge.body.two_factor_token, code: marker() })).status).toBe(401);
  clock.advance(30_000);
  const code2 = keep(await generate({ secret, epoch: Math.floor(clock.now() / 1000) }));
  const second = await http.post("/api/auth/login/2fa", { two_factor_token: challenge.body.two_factor_token, code: code2 });
  expect(second.status).toBe(200);
  keep(second.body.access_token);
  keep(second.body.refresh_token);
  keep(second.body.device_secret);
  const third = await http.post("/api/auth/login", { login: username, password });
  keep(third.body.two_factor_token);
  expect((await http.post("/api/auth/login/2fa", { two_factor_token: third.body.two_factor_token, code: recovery[0] })).status).toBe(200);

  await http.post("/api/auth/push-token", { token: marker(), platform: "fcm" }, { token: second.body.access_token });
  const newPassword = marker();
  expect(
    (
      await http.post(
        "/api/auth/change-password",
        { current_password: password, new_password: newPassword },
        { token: second.body.access_token },
      )
    ).status,
  ).toBe(200);
  expect(
    (
      await http.post(
        "/api/auth/change-password",
        { current_password: marker(), new_password: marker() },
        { token: second.body.access_token },
      )
    ).status,
  ).toBe(400);

  await http.patch(`/api/auth/devices/${second.body.device_id}/trust?trusted=true`, undefined, { token: second.body.access_token });
  const extra = await http.post("/api/auth/login", {
    login: username,
    password: newPassword,
    device_id: second.body.device_id,
    device_secret: second.body.device_secret,
  });
  expect(extra.status).toBe(200);
  keep(extra.body.refresh_token);
  keep(extra.body.access_token);
  const out = await http.post(`/api/auth/logout?refresh_token=${encodeURIComponent(extra.body.refresh_token)}`, undefined, {
    token: second.body.access_token,
  });
  expect(out.status).toBe(200);

  await http.post("/api/auth/forgot-password", { email });
  const reset = linkIn(await mailbox.waitFor((m) => m.to === email && /reset/i.test(m.subject)), "reset-password").searchParams.get(
    "token",
  )!;
  keep(reset);
  expect((await http.post("/api/auth/reset-password", { token: reset, new_password: marker() })).status).toBe(200);
  expect((await http.get("/api/auth/me", { token })).status).toBe(401);
  expect((await http.get("/api/auth/me", { token: marker() })).status).toBe(401);
  expect((await http.post("/api/auth/logout", undefined, { token: second.body.access_token })).status).toBe(401);

  const log = server.logs();
  expect(log.length).toBeGreaterThan(0);
  for (const s of secrets) expect(log.includes(s), `log contains a secret (${s.slice(0, 4)}…)`).toBe(false);
  // The TOTP secret must not be logged in any case, and no sealed blob either.
  expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
  expect(log).not.toMatch(/v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}/);
});
