// Users rows are cached per process (GET /api/auth/me, /api/users/me, profiles). Two servers on one database and
// Redis: B reads (and so caches) a row, A changes it, and B's very next read shows the change — for every write
// that changes what /me shows: profile, avatar, settings, anonymous upgrade (e-mail), e-mail verification (and the
// admin flag it grants), 2FA on and off, and a bot's profile seen through /api/users/{id}.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../../../test/helpers/resources.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { ManualClock } from "../../../../test/helpers/clock.ts";
import { linkIn, startMailbox, type Mailbox } from "../../../../test/helpers/mailbox.ts";

const ADMIN = `root_${randomBytes(4).toString("hex")}@example.test`;
let db: TestDatabase, redis: TestRedis, mailbox: Mailbox, a: TestServer, b: TestServer;
const clock = new ManualClock();

beforeAll(async () => {
  [db, redis, mailbox] = await Promise.all([createTestDatabase(), claimTestRedis(), startMailbox()]);
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    SMTP_URL: mailbox.url,
    ADMIN_EMAILS: ADMIN,
    LOG_LEVEL: "warn",
    RATE_LIMIT_MULTIPLIER: "100",
  };
  a = await startTestServer({ env, clock }); // runs the migrations
  b = await startTestServer({ env });
}, 90_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([db?.drop(), redis?.release(), mailbox?.close()]);
});

/** /me as B answers it, on both routes that serve it. */
async function meOnB(token: string) {
  const [auth, users] = await Promise.all([api(b.url).get("/api/auth/me", { token }), api(b.url).get("/api/users/me", { token })]);
  expect(auth.status).toBe(200);
  expect(users.body).toEqual(auth.body);
  return auth.body;
}

describe("a write on one server, a read on the other", () => {
  it("profile and avatar", async () => {
    const u = await registerUser(a.url);
    expect(await meOnB(u.token)).toMatchObject({ display_name: null, bio: "" });
    expect((await api(a.url).patch("/api/users/me", { display_name: "Ada", bio: "counts things" }, { token: u.token })).status).toBe(200);
    expect(await meOnB(u.token)).toMatchObject({ display_name: "Ada", bio: "counts things" });
    const index = ((await meOnB(u.token)).default_avatar_index + 1) % 8;
    expect((await api(a.url).put("/api/users/me/default-avatar", { index }, { token: u.token })).status).toBe(200);
    expect((await meOnB(u.token)).default_avatar_index).toBe(index);
    const renamed = `renamed_${randomBytes(3).toString("hex")}`;
    expect((await api(a.url).patch("/api/users/me", { username: renamed }, { token: u.token })).status).toBe(200);
    expect((await meOnB(u.token)).username).toBe(renamed);
    expect((await api(b.url).get(`/api/users/${u.id}`)).body.username).toBe(renamed);
  });

  it("settings", async () => {
    const u = await registerUser(a.url);
    expect((await api(b.url).get("/api/users/me/settings", { token: u.token })).body.theme).toBe("system");
    await api(a.url).patch("/api/users/me/settings", { theme: "dark" }, { token: u.token });
    expect((await api(b.url).get("/api/users/me/settings", { token: u.token })).body.theme).toBe("dark");
  });

  it("anonymous upgrade (e-mail), then verification making an ADMIN_EMAILS address an admin", async () => {
    const anon = await api(a.url).post("/api/users/register", {});
    expect(anon.status).toBe(200);
    const token = anon.body.access_token as string;
    expect(await meOnB(token)).toMatchObject({ is_anonymous: true, email: null, email_verified: false, is_admin: false });
    const username = ADMIN.split("@")[0]!;
    const up = await api(a.url).patch("/api/users/me", { username, email: ADMIN, password: "a long enough password" }, { token });
    expect(up.status).toBe(200);
    expect(await meOnB(token)).toMatchObject({ username, is_anonymous: false, email: ADMIN, email_verified: false, is_admin: false });
    await api(a.url).post("/api/auth/resend-verification", { email: ADMIN });
    const mail = await mailbox.waitFor((m) => m.to.toLowerCase() === ADMIN.toLowerCase() && /confirm/i.test(m.subject), 10_000);
    const link = linkIn(mail, "verify-email");
    expect((await api(a.url).post("/api/auth/verify-email", { token: link.searchParams.get("token") })).status).toBe(200);
    expect(await meOnB(token)).toMatchObject({ email_verified: true, is_admin: true });
  });

  it("2FA on and off", async () => {
    const u = await registerUser(a.url);
    expect((await meOnB(u.token)).two_factor_enabled).toBe(false);
    const setup = await api(a.url).post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token });
    expect(setup.status).toBe(200);
    expect((await meOnB(u.token)).two_factor_enabled).toBe(false);
    clock.advance(30_000);
    const code = () => generate({ secret: setup.body.secret, epoch: Math.floor(clock.now() / 1000) });
    const on = await api(a.url).post(
      "/api/auth/toggle-2fa",
      { enable: true, password: u.password, code: await code() },
      { token: u.token },
    );
    expect(on.body.enabled).toBe(true);
    expect((await meOnB(u.token)).two_factor_enabled).toBe(true);
    clock.advance(30_000);
    const off = await api(a.url).post(
      "/api/auth/toggle-2fa",
      { enable: false, password: u.password, code: await code() },
      { token: u.token },
    );
    expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    expect((await meOnB(u.token)).two_factor_enabled).toBe(false);
  });

  it("a bot's profile", async () => {
    const owner = await registerUser(a.url);
    const bot = await createBot(a.url, owner.token);
    expect((await api(b.url).get(`/api/users/${bot.id}`)).body).toMatchObject({ is_bot: true, display_name: null });
    expect((await api(a.url).patch(`/api/bots/${bot.id}`, { display_name: "Dice" }, { token: owner.token })).status).toBe(200);
    expect((await api(b.url).get(`/api/users/${bot.id}`)).body.display_name).toBe("Dice");
  });
});
