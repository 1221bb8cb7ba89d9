// E-mail flows through a real SMTP server started here: links are read from the received mails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { ManualClock } from "../../../../test/helpers/clock.ts";
import { linkIn, startMailbox, type Mailbox } from "../../../../test/helpers/mailbox.ts";
import { SAME_ANSWER } from "./email-flows.ts";
import { metric } from "../../../../test/helpers/metrics.ts";

const PUBLIC_URL = "https://parley.example";
const ADMIN = `boss_${randomBytes(4).toString("hex")}@example.test`;
const ADMIN_UPGRADED = `chief_${randomBytes(4).toString("hex")}@example.test`;
let server: TestServer;
let mailbox: Mailbox;
let http: ReturnType<typeof api>;
const clock = new ManualClock();

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    clock,
    env: { SMTP_URL: mailbox.url, PUBLIC_URL, ADMIN_EMAILS: `someone@else.test, ${ADMIN.toUpperCase()},${ADMIN_UPGRADED}` },
  });
  http = api(server.url);
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const mailTo = (to: string, subject: RegExp) => mailbox.waitFor((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
const tokenOf = (url: URL) => url.searchParams.get("token")!;

describe("verification", () => {
  it("mails a single-use link at register; following it marks the address verified", async () => {
    const u = await registerUser(server.url);
    const link = linkIn(await mailTo(u.email, /confirm/i), "verify-email");
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/verify-email`);
    expect((await http.get("/api/auth/me", { token: u.token })).body.email_verified).toBe(false);
    expect(await http.post("/api/auth/verify-email", { token: tokenOf(link) })).toMatchObject({
      status: 200,
      body: { message: expect.any(String) },
    });
    expect((await http.get("/api/auth/me", { token: u.token })).body.email_verified).toBe(true);
    expect(await http.post("/api/auth/verify-email", { token: tokenOf(link) })).toMatchObject({
      status: 400,
      body: { detail: "invalid or expired token" },
    });
  });

  it("the verification and reset mails name the account's username; opening the link's page verifies nothing", async () => {
    const u = await registerUser(server.url);
    const mail = await mailTo(u.email, /confirm/i);
    expect(mail.text).toContain(`confirm this address for the account ${u.username}`);
    // What a mail scanner does: open the link, follow its redirects, read the page.
    const link = linkIn(mail, "verify-email");
    const page = await fetch(server.url + link.pathname + link.search);
    expect(new URL(page.url).pathname).toBe("/portal/verify-email");
    await page.arrayBuffer();
    expect((await http.get("/api/auth/me", { token: u.token })).body.email_verified).toBe(false);
    // The page's button posts the token; only that confirms.
    expect((await http.post("/api/auth/verify-email", { token: tokenOf(link) })).status).toBe(200);
    expect((await http.get("/api/auth/me", { token: u.token })).body.email_verified).toBe(true);

    await http.post("/api/auth/forgot-password", { email: u.email });
    expect((await mailTo(u.email, /reset/i)).text).toContain(`password of your Parley account ${u.username}.`);
  });

  it("refuses unknown, malformed and expired tokens; a reset token is not a verification token", async () => {
    expect(await http.post("/api/auth/verify-email", { token: "ev_unknown" })).toMatchObject({
      status: 400,
      body: { detail: "invalid or expired token" },
    });
    expect((await http.post("/api/auth/verify-email", { token: "" })).status).toBe(422);
    expect((await http.post("/api/auth/verify-email", {})).status).toBe(422);
    const u = await registerUser(server.url);
    const link = linkIn(await mailTo(u.email, /confirm/i), "verify-email");
    clock.advance(48 * 3600_000 + 1000);
    expect(await http.post("/api/auth/verify-email", { token: tokenOf(link) })).toMatchObject({
      status: 400,
      body: { detail: "invalid or expired token" },
    });

    await http.post("/api/auth/forgot-password", { email: u.email });
    const reset = linkIn(await mailTo(u.email, /reset/i), "reset-password");
    expect((await http.post("/api/auth/verify-email", { token: tokenOf(reset) })).status).toBe(400);
  });

  it("resend answers the same for known and unknown addresses and mails a fresh link", async () => {
    const u = await registerUser(server.url);
    await mailTo(u.email, /confirm/i);
    const before = mailbox.mails.length;
    const known = await http.post("/api/auth/resend-verification", { email: u.email.toUpperCase() });
    const unknown = await http.post("/api/auth/resend-verification", { email: "nobody@nowhere.test" });
    expect(known).toMatchObject({ status: 200, body: { message: SAME_ANSWER } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await mailbox.waitFor((m, i = mailbox.mails.indexOf(m)) => i >= before && m.to.toLowerCase() === u.email.toLowerCase());
    const links = mailbox.mails.filter((m) => m.to.toLowerCase() === u.email.toLowerCase()).map((m) => tokenOf(linkIn(m, "verify-email")));
    expect(new Set(links).size).toBe(2);
    expect((await http.post("/api/auth/verify-email", { token: links[1] })).status).toBe(200);
    expect((await http.post("/api/auth/resend-verification", { email: "not-an-address" })).status).toBe(422);
  });

  it("an ADMIN_EMAILS address is no admin at register, only once it is verified", async () => {
    const name = ADMIN.split("@")[0]!;
    const admin = await registerUser(server.url, { username: name, email: ADMIN });
    expect((await http.get("/api/auth/me", { token: admin.token })).body.is_admin).toBe(false);
    expect(await http.post("/api/auth/send-test-email", undefined, { token: admin.token })).toMatchObject({
      status: 403,
      body: { detail: "admin only" },
    });
    const link = linkIn(await mailTo(ADMIN, /confirm/i), "verify-email");
    await http.post("/api/auth/verify-email", { token: tokenOf(link) });
    expect((await http.get("/api/auth/me", { token: admin.token })).body.is_admin).toBe(true);

    const sent = await http.post("/api/auth/send-test-email", undefined, { token: admin.token });
    expect(sent).toMatchObject({ status: 200, body: { status: "sent" } });
    await mailTo(ADMIN, /test/i);

    const plain = await registerUser(server.url);
    expect((await http.get("/api/auth/me", { token: plain.token })).body.is_admin).toBe(false);
    expect((await http.post("/api/auth/send-test-email", undefined, { token: plain.token })).status).toBe(403);
    expect((await http.post("/api/auth/send-test-email")).status).toBe(401);
  });

  it("an anonymous account upgraded to an ADMIN_EMAILS address is no admin until it verifies that address", async () => {
    const anon = await http.post("/api/users/register", undefined);
    const name = ADMIN_UPGRADED.split("@")[0]!;
    const up = await http.patch(
      "/api/users/me",
      { username: name, email: ADMIN_UPGRADED, password: "long enough password" },
      { token: anon.body.access_token },
    );
    expect(up).toMatchObject({ status: 200, body: { email_verified: false, is_admin: false } });
    expect((await http.post("/api/auth/send-test-email", undefined, { token: anon.body.access_token })).status).toBe(403);
    await http.post("/api/auth/resend-verification", { email: ADMIN_UPGRADED });
    const link = linkIn(await mailTo(ADMIN_UPGRADED, /confirm/i), "verify-email");
    expect((await http.post("/api/auth/verify-email", { token: tokenOf(link) })).status).toBe(200);
    expect((await http.get("/api/auth/me", { token: anon.body.access_token })).body).toMatchObject({
      email_verified: true,
      is_admin: true,
    });
  });
});

describe("mail limits", () => {
  const sentOrHeld = async () => {
    let n = 0;
    for (const kind of ["verify", "reset"])
      for (const result of ["sent", "limited"]) n += await metric(server.url, "account_emails_total", { kind, result });
    return n;
  };

  it("forgot-password and resend-verification mail one address at most 3 times an hour, answering the same 200", async () => {
    const u = await registerUser(server.url);
    await mailTo(u.email, /confirm/i); // the register mail is not one of the 3
    const before = await sentOrHeld();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => http.post("/api/auth/forgot-password", { email: u.email })),
      ...Array.from({ length: 3 }, () => http.post("/api/auth/resend-verification", { email: u.email.toUpperCase() })),
    ]);
    for (const a of answers) expect(a).toMatchObject({ status: 200, body: { message: SAME_ANSWER } });
    // Every request's work (done after answering) has run: each either sent its mail or was held back.
    await expect.poll(sentOrHeld, { timeout: 10_000 }).toBe(before + 7);
    await expect
      .poll(() => mailbox.mails.filter((m) => m.to.toLowerCase() === u.email.toLowerCase()).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(4);
    expect(mailbox.mails.filter((m) => m.to.toLowerCase() === u.email.toLowerCase())).toHaveLength(4);
    // Another address is not affected.
    const other = await registerUser(server.url);
    await http.post("/api/auth/forgot-password", { email: other.email });
    await mailTo(other.email, /reset/i);
  });
});

describe("passwords", () => {
  it("a reset spends every other outstanding reset link of the account", async () => {
    const u = await registerUser(server.url);
    await http.post("/api/auth/forgot-password", { email: u.email });
    const first = linkIn(await mailTo(u.email, /reset/i), "reset-password");
    await http.post("/api/auth/forgot-password", { email: u.email });
    const second = await mailbox.waitFor(
      (m) =>
        m.to.toLowerCase() === u.email.toLowerCase() && /reset/i.test(m.subject) && tokenOf(linkIn(m, "reset-password")) !== tokenOf(first),
    );
    expect(
      (
        await http.post("/api/auth/reset-password", {
          token: tokenOf(linkIn(second, "reset-password")),
          new_password: "brand new password",
        })
      ).status,
    ).toBe(200);
    expect(await http.post("/api/auth/reset-password", { token: tokenOf(first), new_password: "attacker password" })).toMatchObject({
      status: 400,
      body: { detail: "invalid or expired token" },
    });
    expect((await http.post("/api/auth/login", { login: u.username, password: "brand new password" })).status).toBe(200);
  });

  it("two resets of one account at once: one wins, the other's link is spent (no deadlock)", async () => {
    const u = await registerUser(server.url);
    const links: string[] = [];
    for (let i = 0; i < 2; i++) {
      await http.post("/api/auth/forgot-password", { email: u.email });
      const mail = await mailbox.waitFor(
        (m) =>
          m.to.toLowerCase() === u.email.toLowerCase() && /reset/i.test(m.subject) && !links.includes(tokenOf(linkIn(m, "reset-password"))),
      );
      links.push(tokenOf(linkIn(mail, "reset-password")));
    }
    // Hold the account's row so that both resets reach their transaction before either goes on.
    const db = server.platform.db;
    const holder = await db.transaction();
    await holder("users").where({ id: u.id }).forUpdate().first("id");
    const waiting = async () =>
      Number(
        (await db.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0]
          .n,
      );
    const resets = links.map((token, i) => http.post("/api/auth/reset-password", { token, new_password: `new password ${i}` }));
    await expect.poll(waiting).toBe(2);
    await holder.commit();
    const answers = await Promise.all(resets);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toEqual({ detail: "invalid or expired token" });
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await http.post("/api/auth/login", { login: u.username, password: `new password ${winner}` })).status).toBe(200);
  });

  it("a password change spends every outstanding reset link of the account", async () => {
    const u = await registerUser(server.url);
    await http.post("/api/auth/forgot-password", { email: u.email });
    const link = linkIn(await mailTo(u.email, /reset/i), "reset-password");
    expect(
      (await http.post("/api/auth/change-password", { current_password: u.password, new_password: "changed password" }, { token: u.token }))
        .status,
    ).toBe(200);
    expect(await http.post("/api/auth/reset-password", { token: tokenOf(link), new_password: "attacker password" })).toMatchObject({
      status: 400,
      body: { detail: "invalid or expired token" },
    });
    expect((await http.post("/api/auth/login", { login: u.username, password: "changed password" })).status).toBe(200);
  });

  it("forgot + reset: a single-use link sets the new password and ends every session", async () => {
    const u = await registerUser(server.url);
    const other = await http.post("/api/auth/login", { login: u.username, password: u.password });
    const answer = await http.post("/api/auth/forgot-password", { email: u.email });
    const unknown = await http.post("/api/auth/forgot-password", { email: "ghost@nowhere.test" });
    expect(answer).toMatchObject({ status: 200, body: { message: SAME_ANSWER } });
    expect(unknown.body).toEqual(answer.body);
    const link = linkIn(await mailTo(u.email, /reset/i), "reset-password");
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/reset-password`);

    expect((await http.post("/api/auth/reset-password", { token: tokenOf(link), new_password: "short" })).status).toBe(422);
    const done = await http.post("/api/auth/reset-password", { token: tokenOf(link), new_password: "brand new password" });
    expect(done).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await http.get("/api/auth/me", { token: u.token })).status).toBe(401);
    expect((await http.get("/api/auth/me", { token: other.body.access_token })).status).toBe(401);
    expect((await http.post("/api/auth/login", { login: u.username, password: u.password })).status).toBe(401);
    expect((await http.post("/api/auth/login", { login: u.username, password: "brand new password" })).status).toBe(200);
    expect(await http.post("/api/auth/reset-password", { token: tokenOf(link), new_password: "another password" })).toMatchObject({
      status: 400,
      body: { detail: "invalid or expired token" },
    });
  });

  it("a reset link expires after one hour", async () => {
    const u = await registerUser(server.url);
    await http.post("/api/auth/forgot-password", { email: u.email });
    const link = linkIn(await mailTo(u.email, /reset/i), "reset-password");
    clock.advance(3600_000 + 1000);
    expect(await http.post("/api/auth/reset-password", { token: tokenOf(link), new_password: "brand new password" })).toMatchObject({
      status: 400,
      body: { detail: "invalid or expired token" },
    });
    expect((await http.post("/api/auth/login", { login: u.username, password: u.password })).status).toBe(200);
  });

  it("change-password needs the current password and ends every other session", async () => {
    const u = await registerUser(server.url);
    const other = await http.post("/api/auth/login", { login: u.username, password: u.password });
    const wrong = await http.post(
      "/api/auth/change-password",
      { current_password: "not it at all", new_password: "next password" },
      { token: u.token },
    );
    expect(wrong).toMatchObject({ status: 400, body: { detail: "invalid password" } });
    expect(
      (await http.post("/api/auth/change-password", { current_password: u.password, new_password: "short" }, { token: u.token })).status,
    ).toBe(422);
    expect((await http.post("/api/auth/change-password", { current_password: u.password, new_password: "next password" })).status).toBe(
      401,
    );
    const ok = await http.post(
      "/api/auth/change-password",
      { current_password: u.password, new_password: "next password" },
      { token: u.token },
    );
    expect(ok).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await http.get("/api/auth/me", { token: u.token })).status).toBe(200);
    expect((await http.get("/api/auth/me", { token: other.body.access_token })).status).toBe(401);
    expect((await http.post("/api/auth/login", { login: u.username, password: "next password" })).status).toBe(200);
    expect((await http.post("/api/auth/login", { login: u.username, password: u.password })).status).toBe(401);
  });
});

describe("without SMTP", () => {
  it("writes the mail, link included, to the log; register does not wait on a dead SMTP server", async () => {
    const logged = await startTestServer({ env: { PUBLIC_URL } });
    const dead = await startTestServer({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
    try {
      await registerUser(logged.url);
      let line: RegExpMatchArray | null = null;
      for (let i = 0; i < 100 && !line; i++) {
        line = logged.logs().match(/https:\/\/parley\.example\/verify-email\?token=([\w%-]+)/);
        if (!line) await new Promise((r) => setTimeout(r, 20));
      }
      expect(line).not.toBeNull();
      expect((await api(logged.url).post("/api/auth/verify-email", { token: decodeURIComponent(line![1]!) })).status).toBe(200);

      const started = Date.now();
      await registerUser(dead.url);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await logged.stop();
      await dead.stop();
    }
  });
});
