// Bot memberships in spaces (docs/bots.md) over HTTP, plus the per-request resolution
// (resolveBotInSpace) against the same database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";
import { InstallResolver } from "./resolver.ts";
import type { BotPrincipal } from "../bots/index.ts";
import type { HttpError } from "../../platform/errors.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
  owner = await registerUser(server.url);
});
afterAll(() => server?.stop());

const db = () => server.platform.db;
const memberCount = async (spaceId: string) => (await db()("spaces").where({ id: spaceId }).first()).member_count;
const countMembers = async (spaceId: string) => Number((await db()("members").where({ space_id: spaceId }).count({ n: "*" }))[0]!.n);

async function setup() {
  const space = await insertSpace(db(), owner.id);
  const bot = await createBot(server.url, owner.token);
  const install = (body: Record<string, unknown>, token = owner.token, spaceId = space.id) =>
    http.post(
      `/api/spaces/${spaceId}/bots`,
      { bot_user_id: bot.id, scopes: ["commands"], allowed_channel_ids: [space.generalId], ...body },
      { token },
    );
  return { space, bot, install };
}

describe("POST /api/spaces/{space_id}/bots", () => {
  it("installs: 201 membership, the bot becomes a member, member_count stays exact, audit bot.install", async () => {
    const { space, bot, install } = await setup();
    const res = await install({ scopes: ["commands", "messages.send", "commands"], allowed_channel_ids: [space.generalId, space.voiceId] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      space_id: space.id,
      bot_user_id: bot.id,
      member_id: expect.any(String),
      scopes: ["commands", "messages.send"],
      allowed_channel_ids: [space.generalId, space.voiceId],
      state: "ACTIVE",
      created_at: expect.stringMatching(/Z$/),
    });
    const member = await db()("members").where({ space_id: space.id, user_id: bot.id }).first();
    expect(member).toMatchObject({ id: res.body.member_id, role: "member" });
    expect(await memberCount(space.id)).toBe(2);
    expect(await countMembers(space.id)).toBe(2);
    const again = await install({});
    expect(again.status).toBe(409);
    const audit = await http.get(`/api/bots/${bot.id}/audit-log`, { token: owner.token });
    expect(audit.body[0]).toMatchObject({ action: "bot.install", actor_id: owner.id, space_id: space.id, target_id: bot.id });
  });

  it("refuses an unknown scope (400) and a channel of another space (400)", async () => {
    const { install } = await setup();
    const bad = await install({ scopes: ["commands", "admin.everything"] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: "unknown scope: admin.everything" });
    const elsewhere = await insertSpace(db(), owner.id);
    const foreign = await install({ allowed_channel_ids: [elsewhere.generalId] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toBe(`channel ${elsewhere.generalId} is not a channel of this space`);
    expect((await install({ allowed_channel_ids: ["nope"] })).status).toBe(422);
    expect((await install({ scopes: "commands" })).status).toBe(422);
  });

  it("needs an admin or owner of the space who owns the bot", async () => {
    const { space, bot, install } = await setup();
    const stranger = await registerUser(server.url);
    const notIn = await install({}, stranger.token);
    expect(notIn.status).toBe(404);
    const plain = await registerUser(server.url);
    await insertMember(db(), space.id, plain.id, "moderator");
    const mod = await install({}, plain.token);
    expect(mod.status).toBe(403);
    // An admin of the space who does not own the bot.
    const adm = await registerUser(server.url);
    await insertMember(db(), space.id, adm.id, "admin");
    const notOwner = await install({}, adm.token);
    expect(notOwner.status).toBe(403);
    expect(notOwner.body).toEqual({ detail: "you can only install bots you own" });
    // ...but with a bot of their own it works.
    const own = await createBot(server.url, adm.token);
    const ok = await http.post(
      `/api/spaces/${space.id}/bots`,
      { bot_user_id: own.id, scopes: [], allowed_channel_ids: [] },
      { token: adm.token },
    );
    expect(ok.status).toBe(201);
    expect(
      (await http.get(`/api/spaces/${space.id}/bots`, { token: owner.token })).body.map((b: { bot_user_id: string }) => b.bot_user_id),
    ).toEqual([own.id]);
    expect(bot.id).toBeTruthy();
  });
});

describe("GET, PATCH, DELETE /api/spaces/{space_id}/bots", () => {
  it("patches scopes, channels and state; revoke removes the member; re-install reactivates", async () => {
    const { space, bot, install } = await setup();
    const plain = await registerUser(server.url);
    await insertMember(db(), space.id, plain.id);
    expect((await install({})).status).toBe(201);
    const path = `/api/spaces/${space.id}/bots/${bot.id}`;

    const patched = await http.patch(
      path,
      { scopes: ["messages.send"], allowed_channel_ids: [space.voiceId], state: "suspended" },
      { token: owner.token },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ scopes: ["messages.send"], allowed_channel_ids: [space.voiceId], state: "suspended" });
    expect((await http.patch(path, { scopes: ["nope"] }, { token: owner.token })).body).toEqual({ detail: "unknown scope: nope" });
    expect((await http.patch(path, { state: "revoked" }, { token: owner.token })).status).toBe(422);
    expect((await http.patch(path, { state: "ACTIVE" }, { token: plain.token })).status).toBe(403);

    // Members see active bots only; admins see all.
    expect((await http.get(`/api/spaces/${space.id}/bots`, { token: plain.token })).body).toEqual([]);
    expect((await http.get(`/api/spaces/${space.id}/bots`, { token: owner.token })).body).toHaveLength(1);
    expect((await http.get(`/api/spaces/${space.id}/bots`, { token: (await registerUser(server.url)).token })).status).toBe(404);

    expect((await http.del(path, { token: plain.token })).status).toBe(403);
    const del = await http.del(path, { token: owner.token });
    expect(del.status).toBe(204);
    expect(await db()("members").where({ space_id: space.id, user_id: bot.id }).first()).toBeUndefined();
    expect(await memberCount(space.id)).toBe(2);
    expect(await countMembers(space.id)).toBe(2);
    expect((await http.get(`/api/spaces/${space.id}/bots`, { token: owner.token })).body[0].state).toBe("revoked");
    expect((await http.del(path, { token: owner.token })).status).toBe(404);
    expect((await http.patch(path, { state: "ACTIVE" }, { token: owner.token })).status).toBe(404);

    const back = await install({ scopes: ["messages.react"] });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ state: "ACTIVE", scopes: ["messages.react"] });
    expect(await memberCount(space.id)).toBe(3);
    const actions = (await http.get(`/api/bots/${bot.id}/audit-log`, { token: owner.token })).body.map((r: { action: string }) => r.action);
    expect(actions.slice(0, 3)).toEqual(["bot.install", "bot.uninstall", "bot.install"]);
  });
});

describe("the bot as a member", () => {
  it("appears in the members list with is_bot, and a kick revokes its membership", async () => {
    const { space, bot, install } = await setup();
    const res = await install({});
    const members = await http.get(`/api/spaces/${space.id}/members`, { token: owner.token });
    expect(members.status).toBe(200);
    expect(members.body.find((m: { user_id: string }) => m.user_id === bot.id)).toMatchObject({
      member_id: res.body.member_id,
      is_bot: true,
      role: "member",
    });
    const kick = await http.del(`/api/spaces/${space.id}/members/${res.body.member_id}`, { token: owner.token });
    expect(kick.status).toBe(204);
    // The install follows the kick through the member.left event, after the kick's answer.
    await expect
      .poll(async () => (await http.get(`/api/spaces/${space.id}/bots`, { token: owner.token })).body[0], { timeout: 10_000 })
      .toMatchObject({ bot_user_id: bot.id, state: "revoked" });
    expect(await memberCount(space.id)).toBe(await countMembers(space.id));
    expect((await install({})).status).toBe(201);
  });
});

// Each case waits on a socket frame and on webhook deliveries (polls of up to 30 s each): the default 30 s for the
// whole case is too short on a loaded machine, so the budget is wider here.
describe("a bot arriving and leaving is seen like any member", { timeout: 90_000 }, () => {
  let receiver: Receiver;
  beforeAll(async () => void (receiver = await startReceiver()));
  afterAll(() => receiver?.close());

  /** Webhook bodies the receiver got for `botId`, of `type`. */
  const eventsFor = (botId: string, type: string) =>
    receiver.received.map((r) => JSON.parse(r.raw)).filter((e) => e.bot_user_id === botId && e.type === type);
  const hook = async (botId: string, events: string[]) =>
    expect((await http.post(`/api/bots/${botId}/webhooks`, { url: receiver.url, events }, { token: owner.token })).status).toBe(201);
  const serviceTexts = async (reader: { token: string }, spaceId: string, channelId: string) =>
    (
      (await http.get(`/api/bot/spaces/${spaceId}/channels/${channelId}/messages`, { bot: reader.token })).body as {
        kind: string;
        content: string;
      }[]
    )
      .filter((m) => m.kind === "service")
      .map((m) => m.content);

  it("install: member:joined frame, service message, member.joined to the other bots, bot.installed to the bot", async () => {
    const { space, bot: listener, install: installListener } = await setup();
    expect((await installListener({ scopes: [] })).status).toBe(201);
    await hook(listener.id, ["member.joined", "member.left", "bot.installed", "bot.uninstalled"]);
    const newcomer = await createBot(server.url, owner.token);
    await hook(newcomer.id, ["member.joined", "member.left", "bot.installed", "bot.uninstalled"]);
    const { client } = await WsClient.ready(server.url, owner.token);

    const res = await http.post(
      `/api/spaces/${space.id}/bots`,
      { bot_user_id: newcomer.id, scopes: ["commands"], allowed_channel_ids: [space.generalId] },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    const memberId = res.body.member_id;
    expect(await client.next((f) => f.type === "member:joined" && f.user_id === newcomer.id, 20_000)).toEqual({
      type: "member:joined",
      space_id: space.id,
      user_id: newcomer.id,
      member_id: memberId,
      role: "member",
    });
    expect(await client.next((f) => f.type === "message:created" && f.kind === "service", 20_000)).toMatchObject({
      channel_id: space.generalId,
      author_id: null,
      content: `${newcomer.username} joined the space`,
    });
    await expect.poll(() => eventsFor(listener.id, "member.joined"), { timeout: 30_000 }).toHaveLength(1);
    expect(eventsFor(listener.id, "member.joined")[0]).toMatchObject({
      space_id: space.id,
      data: { member_id: memberId, user_id: newcomer.id, role: "member", joined_at: expect.stringMatching(/Z$/) },
    });
    await expect.poll(() => eventsFor(newcomer.id, "bot.installed"), { timeout: 30_000 }).toHaveLength(1);
    expect(eventsFor(newcomer.id, "bot.installed")[0]).toMatchObject({
      space_id: space.id,
      data: {
        space_id: space.id,
        member_id: memberId,
        scopes: ["commands"],
        allowed_channel_ids: [space.generalId],
        installed_by: owner.id,
      },
    });
    // The bot is not told of its own arrival as a member event.
    expect(eventsFor(newcomer.id, "member.joined")).toEqual([]);
    expect(await serviceTexts(listener, space.id, space.generalId)).toEqual([
      `${newcomer.username} joined the space`,
      `${listener.username} joined the space`,
    ]);
    client.close();
  });

  it("uninstall and kick: member:left frame, service message, member.left to the other bots, bot.uninstalled to the bot", async () => {
    const { space, bot: listener, install: installListener } = await setup();
    expect((await installListener({ scopes: [] })).status).toBe(201);
    await hook(listener.id, ["member.joined", "member.left"]);
    const leaver = await createBot(server.url, owner.token);
    await hook(leaver.id, ["bot.installed", "bot.uninstalled", "member.left"]);
    const installLeaver = () =>
      http.post(
        `/api/spaces/${space.id}/bots`,
        { bot_user_id: leaver.id, scopes: [], allowed_channel_ids: [space.generalId] },
        { token: owner.token },
      );
    const first = await installLeaver();
    expect(first.status).toBe(201);
    const { client } = await WsClient.ready(server.url, owner.token);

    // Uninstall.
    expect((await http.del(`/api/spaces/${space.id}/bots/${leaver.id}`, { token: owner.token })).status).toBe(204);
    expect(await client.next((f) => f.type === "member:left" && f.user_id === leaver.id, 20_000)).toMatchObject({
      space_id: space.id,
      member_id: first.body.member_id,
    });
    await expect.poll(() => eventsFor(listener.id, "member.left"), { timeout: 30_000 }).toHaveLength(1);
    expect(eventsFor(listener.id, "member.left")[0]).toMatchObject({
      data: { member_id: first.body.member_id, user_id: leaver.id, reason: "kicked" },
    });
    await expect.poll(() => eventsFor(leaver.id, "bot.uninstalled"), { timeout: 30_000 }).toHaveLength(1);
    expect(eventsFor(leaver.id, "bot.uninstalled")[0]).toMatchObject({
      space_id: space.id,
      data: { space_id: space.id, uninstalled_by: owner.id },
    });

    // Re-install, then a kick by a moderator through the members API.
    const second = await installLeaver();
    expect(second.status).toBe(201);
    const moderator = await registerUser(server.url);
    await insertMember(db(), space.id, moderator.id, "moderator");
    expect((await http.del(`/api/spaces/${space.id}/members/${second.body.member_id}`, { token: moderator.token })).status).toBe(204);
    await expect.poll(() => eventsFor(listener.id, "member.left"), { timeout: 30_000 }).toHaveLength(2);
    expect(eventsFor(listener.id, "member.left")[1]).toMatchObject({
      data: { member_id: second.body.member_id, user_id: leaver.id, reason: "kicked" },
    });
    await expect.poll(() => eventsFor(leaver.id, "bot.uninstalled"), { timeout: 30_000 }).toHaveLength(2);
    expect(eventsFor(leaver.id, "bot.uninstalled")[1]).toMatchObject({ data: { space_id: space.id, uninstalled_by: moderator.id } });
    expect(
      (await http.get(`/api/spaces/${space.id}/bots`, { token: owner.token })).body.find(
        (b: { bot_user_id: string }) => b.bot_user_id === leaver.id,
      ).state,
    ).toBe("revoked");
    // A bot no longer in the space hears nothing of its own departure as a member event.
    expect(eventsFor(leaver.id, "member.left")).toEqual([]);
    expect(eventsFor(leaver.id, "bot.installed")).toHaveLength(2);
    expect(eventsFor(listener.id, "member.joined")).toHaveLength(2);

    const name = leaver.username;
    await expect
      .poll(() => serviceTexts(listener, space.id, space.generalId), { timeout: 20_000 })
      .toEqual([
        `${name} left the space`,
        `${name} joined the space`,
        `${name} left the space`,
        `${name} joined the space`,
        `${listener.username} joined the space`,
      ]);
    client.close();
  });
});

describe("resolveBotInSpace", () => {
  const principal = (id: string): BotPrincipal => ({ id, ownerId: owner.id, state: "ACTIVE" });
  const failure = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      const e = err as HttpError;
      return { status: e.status, detail: e.detail };
    }
    return "resolved";
  };

  it("gives each outcome its exact text, and follows install changes at once", async () => {
    const resolver = new InstallResolver(db(), server.platform.pubsub, server.platform.clock);
    await resolver.start();
    const { space, bot, install } = await setup();
    const other = await insertSpace(db(), owner.id);
    const me = principal(bot.id);

    expect(await failure(resolver.resolveBotInSpace(me, space.id))).toEqual({ status: 404, detail: "bot not found in this space" });
    expect((await install({ scopes: ["commands"], allowed_channel_ids: [space.generalId] })).status).toBe(201);
    // The invalidation travels over Redis pub/sub: the cached absence goes within the bound.
    const state = async () => (await resolver.lookup(bot.id, space.id))?.state;
    await expect.poll(state, { timeout: 10_000 }).toBe("ACTIVE");

    const ok = await resolver.resolveBotInSpace(me, space.id, { scope: "commands", channelId: space.generalId });
    expect(ok.install).toMatchObject({ spaceId: space.id, botUserId: bot.id, state: "ACTIVE", scopes: ["commands"] });
    expect(await failure(resolver.resolveBotInSpace(me, space.id, { scope: "messages.send" }))).toEqual({
      status: 403,
      detail: "missing scope: messages.send",
    });
    expect(await failure(resolver.resolveBotInSpace(me, space.id, { channelId: space.voiceId }))).toEqual({
      status: 403,
      detail: "bot has no access to this channel",
    });
    // Another space's ids: not a member there, and that space's channel is never allowed here.
    expect(await failure(resolver.resolveBotInSpace(me, other.id, { channelId: other.generalId }))).toEqual({
      status: 404,
      detail: "bot not found in this space",
    });
    expect(await failure(resolver.resolveBotInSpace(me, space.id, { channelId: other.generalId }))).toEqual({
      status: 403,
      detail: "bot has no access to this channel",
    });

    const path = `/api/spaces/${space.id}/bots/${bot.id}`;
    await http.patch(path, { state: "suspended" }, { token: owner.token });
    await expect.poll(state, { timeout: 10_000 }).toBe("suspended");
    expect(await failure(resolver.resolveBotInSpace(me, space.id))).toEqual({ status: 403, detail: "bot is suspended" });
    await http.del(path, { token: owner.token });
    await expect.poll(state, { timeout: 10_000 }).toBe("revoked");
    expect(await failure(resolver.resolveBotInSpace(me, space.id))).toEqual({ status: 403, detail: "bot is revoked" });
    expect((await resolver.lookup(bot.id, space.id))?.state).toBe("revoked");
  });
});
