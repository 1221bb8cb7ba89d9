// Retention: on its schedule the server deletes webhook deliveries finished, e-mail tokens
// used or expired, refresh tokens rotated, expired or of revoked sessions, MLS commits made, more than the
// configured days ago, and Welcomes unclaimed for 30 days; recent rows and live ones stay. One process at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { insertSpace } from "../../../../test/helpers/fixtures.ts";
import { newId } from "../../platform/ids.ts";
import { RetentionJob } from "./service.ts";

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  // Deliveries kept 30 days (the default), e-mail tokens 7, refresh tokens 14, commits 20; a round every second.
  server = await startTestServer({
    env: {
      LOG_LEVEL: "warn",
      RETENTION_INTERVAL_SECONDS: "1",
      RETENTION_EMAIL_TOKENS_DAYS: "7",
      RETENTION_REFRESH_TOKENS_DAYS: "14",
      RETENTION_E2E_COMMITS_DAYS: "20",
    },
  });
  user = await registerUser(server.url);
});
afterAll(() => server?.stop());

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

describe("retention", () => {
  it("deletes old finished rows on its schedule and keeps recent and live ones", async () => {
    const db = server.platform.db;
    const bot = await createBot(server.url, user.token);
    const hook = await api(server.url).post(
      `/api/bots/${bot.id}/webhooks`,
      { url: "http://127.0.0.1:9/hook", events: ["webhook.ping"] },
      { token: user.token },
    );
    expect(hook.status).toBe(201);
    const delivery = (name: string, status: string, finished: Date | null, created = daysAgo(60)) => ({
      id: newId(),
      webhook_id: hook.body.id,
      type: `test.${name}`,
      body: "{}",
      status,
      created_at: created,
      finished_at: finished,
    });
    await db("deliveries").insert([
      delivery("old_delivered", "delivered", daysAgo(31)),
      delivery("old_failed", "failed", daysAgo(40)),
      delivery("recent_delivered", "delivered", daysAgo(29)),
      delivery("old_pending", "pending", null, daysAgo(90)),
    ]);

    const token = (name: string, used: Date | null, expires: Date) => ({
      hash: Buffer.from(name.padEnd(32, "_")),
      user_id: user.id,
      purpose: "verify",
      email: user.email,
      used_at: used,
      expires_at: expires,
    });
    await db("email_tokens").insert([
      token("old_used", daysAgo(8), daysAgo(6)),
      token("old_expired", null, daysAgo(8)),
      token("recent_used", daysAgo(6), new Date(Date.now() + 86_400_000)),
      token("live", null, new Date(Date.now() + 86_400_000)),
    ]);

    const revoked = await registerUser(server.url);
    const refresh = (name: string, session: string, used: Date | null, expires: Date) => ({
      hash: Buffer.from(name.padEnd(32, "_")),
      session_id: session,
      used_at: used,
      expires_at: expires,
    });
    await db("refresh_tokens").insert([
      refresh("old_rotated", user.deviceId, daysAgo(15), new Date(Date.now() + 86_400_000)),
      refresh("old_expired", user.deviceId, null, daysAgo(15)),
      refresh("recent_rotated", user.deviceId, daysAgo(13), new Date(Date.now() + 86_400_000)),
      refresh("of_revoked", revoked.deviceId, null, new Date(Date.now() + 86_400_000)),
    ]);
    await db("sessions")
      .where({ id: revoked.deviceId })
      .update({ revoked_at: daysAgo(15) });

    const space = await insertSpace(db, user.id);
    await db("e2e_commits").insert([
      { channel_id: space.generalId, epoch: 1, commit: "b2xk", sender_device_id: user.deviceId, created_at: daysAgo(21) },
      { channel_id: space.generalId, epoch: 2, commit: "bmV3", sender_device_id: user.deviceId, created_at: daysAgo(19) },
    ]);
    const welcomes = await db("e2e_welcomes")
      .insert([
        { channel_id: space.generalId, epoch: 1, welcome: "b2xk", created_at: daysAgo(31) },
        { channel_id: space.voiceId, epoch: 1, welcome: "bmV3", created_at: daysAgo(29) },
      ])
      .returning("id");
    await db("e2e_welcome_recipients").insert(welcomes.map((w: { id: string }) => ({ welcome_id: w.id, device_id: user.deviceId })));

    // Of the rows written here (the server's own tokens from register are hashes of other names). One snapshot of
    // every table is polled: a round may run between the inserts above, so the rows are pruned over two rounds.
    const ours = new Set(["old_used", "old_expired", "recent_used", "live", "old_rotated", "recent_rotated", "of_revoked"]);
    const names = async (table: string) =>
      (await db(table).pluck("hash"))
        .map((h: Buffer) => h.toString().replace(/_+$/, ""))
        .filter((n: string) => ours.has(n))
        .sort();
    const snapshot = async () => ({
      deliveries: (await db("deliveries").where({ webhook_id: hook.body.id }).pluck("type")).sort(),
      emailTokens: await names("email_tokens"),
      refreshTokens: await names("refresh_tokens"),
      commits: (await db("e2e_commits").where({ channel_id: space.generalId }).pluck("epoch")).map(Number),
      welcomes: await db("e2e_welcome_recipients as r")
        .join("e2e_welcomes as w", "w.id", "r.welcome_id")
        .where({ "r.device_id": user.deviceId })
        .pluck("w.channel_id"),
    });
    await expect.poll(snapshot, { timeout: 15_000 }).toEqual({
      deliveries: ["test.old_pending", "test.recent_delivered"],
      emailTokens: ["live", "recent_used"],
      refreshTokens: ["recent_rotated"],
      commits: [2],
      welcomes: [space.voiceId],
    });
    // The user's own live refresh token (from register) is untouched: refreshing still works.
    expect((await api(server.url).post("/api/auth/refresh", { refresh_token: user.refreshToken })).status).toBe(200);
  }, 60_000);

  it("runs in one process at a time: a round skips while another holds the lock", async () => {
    const job = new RetentionJob(server.platform.db, server.platform.config.retention, server.platform.log);
    const holder = await server.platform.db.transaction();
    try {
      await holder.raw("SELECT pg_advisory_xact_lock(hashtext('parley:retention'))");
      expect(await job.runOnce()).toBeNull();
    } finally {
      await holder.rollback();
    }
    // Once it is free a round runs (polled: the server's own scheduled round may hold the lock for a moment).
    await expect.poll(() => job.runOnce(), { timeout: 10_000 }).toEqual(expect.objectContaining({ deliveries: expect.any(Number) }));
  });
});
