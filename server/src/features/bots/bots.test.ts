// Bot accounts, tokens and bot authentication (docs/bots.md#authentication) over HTTP against PostgreSQL + Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api, call } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { linkIn, startMailbox, type Mailbox } from "../../../../test/helpers/mailbox.ts";

let server: TestServer;
let mailbox: Mailbox;
let http: ReturnType<typeof api>;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ env: { ADMIN_EMAILS: "root@admins.test", SMTP_URL: mailbox.url } });
  http = api(server.url);
  owner = await registerUser(server.url);
  admin = await registerUser(server.url, { email: "root@admins.test" });
  // An ADMIN_EMAILS address is an admin only once verified (docs/configuration.md).
  const link = linkIn(await mailbox.waitFor((m) => m.to.toLowerCase() === "root@admins.test"), "verify-email");
  expect((await http.post("/api/auth/verify-email", { token: link.searchParams.get("token") })).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const commands = (token: string) => http.get("/api/bot/commands", { bot: token });

describe("POST /api/bots", () => {
  it("creates a bot user owned by the caller and shows a bot_ + 48 hex token once", async () => {
    const res = await http.post(
      "/api/bots",
      { username: "Helper.Bot_1", display_name: "Helper", description: "helps" },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^bot_[0-9a-f]{48}$/);
    expect(res.body.bot).toEqual({
      id: expect.any(String),
      username: "Helper.Bot_1",
      display_name: "Helper",
      description: "helps",
      owner_id: owner.id,
      state: "ACTIVE",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((await commands(res.body.token)).status).toBe(200);
    const row = await server.platform.db("users").where({ id: res.body.bot.id }).first();
    expect(row.is_bot).toBe(true);
    const bot = await server.platform.db("bots").where({ user_id: res.body.bot.id }).first();
    expect(bot.token_hash.toString("hex")).not.toContain(res.body.token.slice(4));
  });

  it("defaults display_name and description to null", async () => {
    const res = await http.post("/api/bots", { username: `plain_${Date.now()}` }, { token: owner.token });
    expect(res.status).toBe(201);
    expect(res.body.bot).toMatchObject({ display_name: null, description: null });
  });

  it("refuses a taken username case-insensitively, against users and bots (409)", async () => {
    const a = await http.post("/api/bots", { username: owner.username.toUpperCase() }, { token: owner.token });
    expect(a.status).toBe(409);
    expect(a.body).toEqual({ detail: "username already taken" });
    const first = await createBot(server.url, owner.token);
    const b = await http.post("/api/bots", { username: first.username.toUpperCase() }, { token: owner.token });
    expect(b.status).toBe(409);
  });

  it("answers 422 for usernames breaking the register rules and 401 without a user", async () => {
    for (const username of ["ab", "a".repeat(33), "has space", "dash-no"]) {
      const res = await http.post("/api/bots", { username }, { token: owner.token });
      expect(res.status, username).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ location: "body", path: "/username" });
    }
    expect((await http.post("/api/bots", {}, { token: owner.token })).status).toBe(422);
    const anon = await http.post("/api/bots", { username: "nobody_here" });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ detail: "not authenticated" });
  });
});

describe("GET, PATCH, DELETE /api/bots", () => {
  it("lists only the caller's bots, newest first, without tokens", async () => {
    const me = await registerUser(server.url);
    const a = await createBot(server.url, me.token);
    const b = await createBot(server.url, me.token);
    const res = await http.get("/api/bots", { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(JSON.stringify(res.body)).not.toContain(a.token);
    const one = await http.get(`/api/bots/${a.id}`, { token: me.token });
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain(a.token);
    expect((await http.get("/api/bots", { token: owner.token })).body.some((x: { id: string }) => x.id === a.id)).toBe(false);
  });

  it("hides a bot from anyone but its owner (404)", async () => {
    const bot = await createBot(server.url, owner.token);
    const other = await registerUser(server.url);
    for (const res of [
      await http.get(`/api/bots/${bot.id}`, { token: other.token }),
      await http.patch(`/api/bots/${bot.id}`, { display_name: "x" }, { token: other.token }),
      await http.del(`/api/bots/${bot.id}`, { token: other.token }),
      await http.post(`/api/bots/${bot.id}/token/rotate`, undefined, { token: other.token }),
      await http.get(`/api/bots/${bot.id}/audit-log`, { token: other.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "bot not found" });
    }
    expect((await commands(bot.token)).status).toBe(200);
    expect((await http.get("/api/bots/not-a-uuid", { token: owner.token })).status).toBe(422);
  });

  it("updates the profile; null clears; a taken username is a 409", async () => {
    const bot = await createBot(server.url, owner.token);
    const res = await http.patch(`/api/bots/${bot.id}`, { display_name: "Shiny", description: "does things" }, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: bot.id, username: bot.username, display_name: "Shiny", description: "does things" });
    const cleared = await http.patch(
      `/api/bots/${bot.id}`,
      { display_name: null, description: null, username: `${bot.username}_2` },
      { token: owner.token },
    );
    expect(cleared.body).toMatchObject({ display_name: null, description: null, username: `${bot.username}_2` });
    const clash = await http.patch(`/api/bots/${bot.id}`, { username: owner.username }, { token: owner.token });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ detail: "username already taken" });
    expect((await http.patch(`/api/bots/${bot.id}`, { display_name: "x".repeat(65) }, { token: owner.token })).status).toBe(422);
    expect((await http.patch(`/api/bots/${bot.id}`, { description: "x".repeat(401) }, { token: owner.token })).status).toBe(422);
  });

  it("DELETE sets the state deleted and the token answers 403 bot is deleted at once", async () => {
    const bot = await createBot(server.url, owner.token);
    expect((await commands(bot.token)).status).toBe(200); // cached now
    const del = await http.del(`/api/bots/${bot.id}`, { token: owner.token });
    expect(del.status).toBe(204);
    const res = await commands(bot.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "bot is deleted" });
    expect((await http.get(`/api/bots/${bot.id}`, { token: owner.token })).body.state).toBe("deleted");
    expect((await http.post(`/api/bots/${bot.id}/token/rotate`, undefined, { token: owner.token })).status).toBe(400);
  });
});

describe("bot authentication texts", () => {
  it("no header, or another scheme → 401 Bot token required", async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${owner.token}` },
      { authorization: "Basic Ym90Og==" },
      { authorization: "Bot" },
    ];
    for (const headers of variants) {
      const res = await call(server.url, "GET", "/api/bot/commands", { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: "Bot token required" });
    }
  });

  it("a bad form or an unknown token → 401 invalid bot token", async () => {
    for (const token of ["abc", `bot_${"a".repeat(47)}`, `bot_${"A".repeat(48)}`, `bot_${"g".repeat(48)}`, `bot_${"0".repeat(48)}`]) {
      const res = await commands(token);
      expect(res.status, token).toBe(401);
      expect(res.body).toEqual({ detail: "invalid bot token" });
    }
  });

  it("rotation: the new token works and the old one answers 401 immediately", async () => {
    const bot = await createBot(server.url, owner.token);
    expect((await commands(bot.token)).status).toBe(200);
    const rot = await http.post(`/api/bots/${bot.id}/token/rotate`, undefined, { token: owner.token });
    expect(rot.status).toBe(200);
    expect(rot.body.token).toMatch(/^bot_[0-9a-f]{48}$/);
    expect(rot.body.token).not.toBe(bot.token);
    const old = await commands(bot.token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ detail: "invalid bot token" });
    expect((await commands(rot.body.token)).status).toBe(200);
  });

  it("suspend and unsuspend are for service admins; a suspended bot gets 403 bot is suspended", async () => {
    const bot = await createBot(server.url, owner.token);
    expect((await commands(bot.token)).status).toBe(200);
    const denied = await http.post(`/api/bots/${bot.id}/suspend`, undefined, { token: owner.token });
    expect(denied.status).toBe(403);
    const sus = await http.post(`/api/bots/${bot.id}/suspend`, undefined, { token: admin.token });
    expect(sus.status).toBe(200);
    expect(sus.body).toMatchObject({ id: bot.id, state: "suspended", owner_id: owner.id });
    for (const res of [await commands(bot.token), await http.put("/api/bot/commands", { commands: [] }, { bot: bot.token })]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: "bot is suspended" });
    }
    expect((await http.post(`/api/bots/${bot.id}/unsuspend`, undefined, { token: owner.token })).status).toBe(403);
    const back = await http.post(`/api/bots/${bot.id}/unsuspend`, undefined, { token: admin.token });
    expect(back.body.state).toBe("ACTIVE");
    expect((await commands(bot.token)).status).toBe(200);
    expect((await http.post(`/api/bots/00000000-0000-7000-8000-000000000000/suspend`, undefined, { token: admin.token })).status).toBe(404);
  });

  it("never writes a token to the log", async () => {
    const bot = await createBot(server.url, owner.token);
    await commands(bot.token);
    const rot = await http.post(`/api/bots/${bot.id}/token/rotate`, undefined, { token: owner.token });
    await commands(rot.body.token);
    const logs = server.logs();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(bot.token.slice(4));
    expect(logs).not.toContain(rot.body.token.slice(4));
  });
});

describe("rotation across processes", () => {
  it("a second process sharing database and Redis refuses the old token at once", async () => {
    const other = await startTestServer({ env: { DATABASE_URL: server.env.DATABASE_URL!, REDIS_URL: server.env.REDIS_URL! } });
    try {
      const bot = await createBot(server.url, owner.token);
      expect((await api(other.url).get("/api/bot/commands", { bot: bot.token })).status).toBe(200); // cached there
      const rot = await http.post(`/api/bots/${bot.id}/token/rotate`, undefined, { token: owner.token });
      await new Promise((r) => setTimeout(r, 50)); // pub/sub hop
      const old = await api(other.url).get("/api/bot/commands", { bot: bot.token });
      expect(old.status).toBe(401);
      expect((await api(other.url).get("/api/bot/commands", { bot: rot.body.token })).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});

describe("GET /api/bots/{bot_id}/audit-log", () => {
  it("shows bot.create, bot.token_rotate and the bot's own command.register and command.delete, newest first, paged", async () => {
    const bot = await createBot(server.url, owner.token);
    const rot = await http.post(`/api/bots/${bot.id}/token/rotate`, undefined, { token: owner.token });
    await http.put("/api/bot/commands", { commands: [{ name: "ping", description: "p" }] }, { bot: rot.body.token });
    await http.del("/api/bot/commands/ping", { bot: rot.body.token });
    const res = await http.get(`/api/bots/${bot.id}/audit-log`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { action: string }) => r.action)).toEqual([
      "command.delete",
      "command.register",
      "bot.token_rotate",
      "bot.create",
    ]);
    expect(res.body[3]).toMatchObject({ actor_id: owner.id, space_id: null, target_type: "bot", target_id: bot.id });
    expect(JSON.stringify(res.body)).not.toContain(rot.body.token);
    const page = await http.get(`/api/bots/${bot.id}/audit-log?limit=2&before=${res.body[1].id}`, { token: owner.token });
    expect(page.body.map((r: { action: string }) => r.action)).toEqual(["bot.token_rotate", "bot.create"]);
    expect((await http.get(`/api/bots/${bot.id}/audit-log?limit=0`, { token: owner.token })).status).toBe(422);
    expect((await http.get(`/api/bots/${bot.id}/audit-log?limit=101`, { token: owner.token })).status).toBe(422);
  });
});
