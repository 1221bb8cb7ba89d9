// Bot messages and reactions over HTTP: every scope and channel check with its text,
// listing that never shows user ciphertext, idempotent reactions, realtime frames, webhook audience.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;
let receiver: Receiver;

interface Space {
  id: string;
  generalId: string;
  voiceId: string;
}

beforeAll(async () => {
  [server, receiver] = await Promise.all([startTestServer(), startReceiver()]);
  http = api(server.url);
  owner = await registerUser(server.url);
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

async function newSpace(visibility: "public" | "private" = "private"): Promise<Space> {
  const res = await http.post("/api/spaces", { name: "bots", visibility }, { token: owner.token });
  expect(res.status).toBe(201);
  const channels = (await http.get(`/api/spaces/${res.body.id}/channels`, { token: owner.token })).body as { id: string; type: string }[];
  return { id: res.body.id, generalId: channels.find((c) => c.type === "text")!.id, voiceId: channels.find((c) => c.type === "voice")!.id };
}

async function installedBot(space: Space, scopes: string[], channels = [space.generalId], events?: string[]) {
  const bot = await createBot(server.url, owner.token);
  const res = await http.post(
    `/api/spaces/${space.id}/bots`,
    { bot_user_id: bot.id, scopes, allowed_channel_ids: channels },
    { token: owner.token },
  );
  expect(res.status).toBe(201);
  if (events)
    expect((await http.post(`/api/bots/${bot.id}/webhooks`, { url: receiver.url, events }, { token: owner.token })).status).toBe(201);
  return bot;
}

const ALL = ["messages.send", "messages.react", "messages.delete.own", "moderation.messages"];
const msgs = (s: Space, channelId = s.generalId) => `/api/bot/spaces/${s.id}/channels/${channelId}/messages`;
const one = (s: Space, id: string) => `/api/bot/spaces/${s.id}/messages/${id}`;
const send = (bot: { token: string }, s: Space, body: unknown, channelId?: string) =>
  http.post(msgs(s, channelId), body, { bot: bot.token });
const userPost = (user: TestUser, s: Space, ciphertext = Buffer.from("secret words").toString("base64")) =>
  http.post(`/api/chat/${s.id}/${s.generalId}/messages`, { ciphertext }, { token: user.token });

/** Webhook bodies the receiver got for `botId` (optionally of one type). */
const eventsFor = (botId: string, type?: string) =>
  receiver.received.map((r) => JSON.parse(r.raw)).filter((e) => e.bot_user_id === botId && (!type || e.type === type));

describe("send", () => {
  it("answers 201 with the bot's message and announces it to the channel", async () => {
    const space = await newSpace();
    const bot = await installedBot(space, ["messages.send"]);
    const { client } = await WsClient.ready(server.url, owner.token);
    const res = await send(bot, space, { content: "hello, humans" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      space_id: space.id,
      channel_id: space.generalId,
      author_id: bot.id,
      author_is_bot: true,
      kind: "bot",
      ciphertext: null,
      content: "hello, humans",
      reply_to: null,
      reactions: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await client.next((f) => f.type === "message:created")).toEqual({ type: "message:created", ...res.body });
    client.close();
  });

  it("takes reply_to of a message of the same channel only (404 `message not found` otherwise)", async () => {
    const space = await newSpace();
    const bot = await installedBot(space, ["messages.send"], [space.generalId, space.voiceId]);
    const first = await send(bot, space, { content: "first" });
    const reply = await send(bot, space, { content: "reply", reply_to: first.body.id });
    expect(reply).toMatchObject({ status: 201, body: { reply_to: first.body.id } });
    expect((await send(bot, space, { content: "null reply", reply_to: null })).body.reply_to).toBeNull();
    const elsewhere = await send(bot, space, { content: "in voice" }, space.voiceId);
    expect(await send(bot, space, { content: "x", reply_to: elsewhere.body.id })).toMatchObject({
      status: 404,
      body: { detail: "message not found" },
    });
    expect(await send(bot, space, { content: "x", reply_to: "018f0000-0000-7000-8000-000000000000" }, space.voiceId)).toMatchObject({
      status: 404,
      body: { detail: "message not found" },
    });
  });

  it("checks content length 1–10000 and the body's types (422)", async () => {
    const space = await newSpace();
    const bot = await installedBot(space, ["messages.send"]);
    expect((await send(bot, space, { content: "x".repeat(10000) })).status).toBe(201);
    for (const body of [{}, { content: "" }, { content: "x".repeat(10001) }, { content: 5 }, { content: "x", reply_to: "nope" }]) {
      const res = await send(bot, space, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expect(
      (await http.post(`/api/bot/spaces/nope/channels/${space.generalId}/messages`, { content: "x" }, { bot: bot.token })).status,
    ).toBe(422);
  });

  it("refuses without scope, channel or membership, with the texts of bot authentication and states", async () => {
    const space = await newSpace();
    const other = await newSpace();
    const reactOnly = await installedBot(space, ["messages.react"]);
    expect(await send(reactOnly, space, { content: "x" })).toMatchObject({ status: 403, body: { detail: "missing scope: messages.send" } });
    const bot = await installedBot(space, ["messages.send"]);
    expect(await send(bot, space, { content: "x" }, space.voiceId)).toMatchObject({
      status: 403,
      body: { detail: "bot has no access to this channel" },
    });
    // Another space's ids: its channel through this space, and that space itself (not installed there).
    expect(await send(bot, space, { content: "x" }, other.generalId)).toMatchObject({
      status: 403,
      body: { detail: "bot has no access to this channel" },
    });
    expect(await send(bot, other, { content: "x" })).toMatchObject({ status: 404, body: { detail: "bot not found in this space" } });
    await http.patch(`/api/spaces/${space.id}/bots/${bot.id}`, { state: "suspended" }, { token: owner.token });
    expect(await send(bot, space, { content: "x" })).toMatchObject({ status: 403, body: { detail: "bot is suspended" } });
    await http.del(`/api/spaces/${space.id}/bots/${bot.id}`, { token: owner.token });
    expect(await send(bot, space, { content: "x" })).toMatchObject({ status: 403, body: { detail: "bot is revoked" } });
    expect(await http.post(msgs(space), { content: "x" })).toMatchObject({ status: 401, body: { detail: "Bot token required" } });
    expect(await http.post(msgs(space), { content: "x" }, { bot: "bot_" + "0".repeat(48) })).toMatchObject({
      status: 401,
      body: { detail: "invalid bot token" },
    });
    expect((await http.post(msgs(space), { content: "x" }, { token: owner.token })).status).toBe(401);
  });
});

describe("list", () => {
  it("shows bot and service messages only, never user ciphertext; newest first; pages with before/limit", async () => {
    const space = await newSpace("public");
    const bot = await installedBot(space, ["messages.send"]);
    const reader = await installedBot(space, []); // no scope: reading needs channel access only
    const joiner = await registerUser(server.url);
    const ids: string[] = [];
    ids.push((await send(bot, space, { content: "b0" })).body.id);
    const secret = Buffer.from("user plaintext never for bots").toString("base64");
    expect((await userPost(owner, space, secret)).status).toBe(201);
    expect((await http.post(`/api/spaces/${space.id}/join`, undefined, { token: joiner.token })).status).toBe(200);
    ids.push((await send(bot, space, { content: "b1" })).body.id);
    ids.push((await send(bot, space, { content: "b2" })).body.id);

    const all = await http.get(msgs(space), { bot: reader.token });
    expect(all.status).toBe(200);
    expect(JSON.stringify(all.body)).not.toContain(secret);
    expect(all.body.every((m: { kind: string; ciphertext: unknown }) => m.kind !== "user" && m.ciphertext === null)).toBe(true);
    const service = all.body.find((m: { kind: string }) => m.kind === "service");
    expect(service).toMatchObject({ author_id: null, author_is_bot: false, content: `${joiner.username} joined the space` });
    // The two bots' own arrivals are service messages too, older than the rest.
    const arrivals = all.body.slice(4).map((m: { kind: string; content: string }) => [m.kind, m.content]);
    expect(arrivals).toEqual([
      ["service", `${reader.username} joined the space`],
      ["service", `${bot.username} joined the space`],
    ]);
    expect(all.body.slice(0, 4).map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1], service.id, ids[0]]);

    const page = await http.get(`${msgs(space)}?limit=2&before=${ids[2]}`, { bot: reader.token });
    expect(page.body.map((m: { id: string }) => m.id)).toEqual([ids[1], service.id]);
    for (const q of ["limit=0", "limit=101", "limit=x", "before=nope"])
      expect((await http.get(`${msgs(space)}?${q}`, { bot: reader.token })).status, q).toBe(422);
    expect(await http.get(msgs(space, space.voiceId), { bot: reader.token })).toMatchObject({
      status: 403,
      body: { detail: "bot has no access to this channel" },
    });
  });
});

describe("reactions", () => {
  it("adds a reaction (204, frame), repeats are no-ops, any number of distinct emojis, stored as given", async () => {
    const space = await newSpace();
    const bot = await installedBot(space, ["messages.send", "messages.react"]);
    const msg = (await send(bot, space, { content: "react to me" })).body;
    const { client } = await WsClient.ready(server.url, owner.token);
    const react = (emoji: string, b = bot, id = msg.id) => http.post(`${one(space, id)}/reactions`, { emoji }, { bot: b.token });
    expect((await react("👍🏽")).status).toBe(204);
    expect(await client.next((f) => f.type === "reaction:added")).toEqual({
      type: "reaction:added",
      message_id: msg.id,
      emoji: "👍🏽",
      user_id: bot.id,
      channel_id: space.generalId,
      space_id: space.id,
    });
    expect((await react("👍🏽")).status).toBe(204);
    const odd = [" Spaced :Emoji: ", "x".repeat(64), ...Array.from({ length: 30 }, (_, i) => `e${i}`)];
    for (const e of odd) expect((await react(e)).status, e).toBe(204);
    const [listed] = (await http.get(`${msgs(space)}?limit=1`, { bot: bot.token })).body;
    expect(listed.reactions).toEqual([{ emoji: "👍🏽", count: 1 }, ...odd.map((emoji) => ({ emoji, count: 1 }))]);
    await new Promise((r) => setTimeout(r, 200));
    expect(client.frames.filter((f) => f.type === "reaction:added" && f.emoji === "👍🏽")).toHaveLength(1);
    client.close();

    for (const body of [{}, { emoji: "" }, { emoji: "x".repeat(65) }, { emoji: 1 }])
      expect((await http.post(`${one(space, msg.id)}/reactions`, body, { bot: bot.token })).status).toBe(422);
  });

  it("checks scope, the message's channel, and the message's space", async () => {
    const space = await newSpace();
    const other = await newSpace();
    const author = await installedBot(space, ["messages.send"], [space.generalId, space.voiceId]);
    const inGeneral = (await send(author, space, { content: "g" })).body;
    const inVoice = (await send(author, space, { content: "v" }, space.voiceId)).body;
    const react = (b: { token: string }, s: Space, id: string) => http.post(`${one(s, id)}/reactions`, { emoji: "ok" }, { bot: b.token });
    expect(await react(author, space, inGeneral.id)).toMatchObject({ status: 403, body: { detail: "missing scope: messages.react" } });
    const reactor = await installedBot(space, ["messages.react"]);
    expect(await react(reactor, space, inVoice.id)).toMatchObject({ status: 403, body: { detail: "bot has no access to this channel" } });
    expect(await react(reactor, space, "018f0000-0000-7000-8000-000000000000")).toMatchObject({
      status: 404,
      body: { detail: "message not found" },
    });
    // A message of another space, addressed through this space: not found here.
    const foreignBot = await installedBot(other, ["messages.send"]);
    const foreign = (await send(foreignBot, other, { content: "f" })).body;
    expect(await react(reactor, space, foreign.id)).toMatchObject({ status: 404, body: { detail: "message not found" } });
    expect(await react(reactor, other, foreign.id)).toMatchObject({ status: 404, body: { detail: "bot not found in this space" } });
    expect((await react(reactor, space, inGeneral.id)).status).toBe(204);
  });
});

describe("delete", () => {
  it("deletes its own message with messages.delete.own; another author's needs moderation.messages", async () => {
    const space = await newSpace();
    const plain = await installedBot(space, ["messages.send"]);
    const own = await installedBot(space, ["messages.send", "messages.delete.own"]);
    const mod = await installedBot(space, ["moderation.messages"], [space.generalId]);
    const del = (b: { token: string }, id: string) => http.del(one(space, id), { bot: b.token });

    const a = (await send(plain, space, { content: "a" })).body;
    expect(await del(plain, a.id)).toMatchObject({ status: 403, body: { detail: "missing scope: messages.delete.own" } });
    const b = (await send(own, space, { content: "b" })).body;
    const { client } = await WsClient.ready(server.url, owner.token);
    expect((await del(own, b.id)).status).toBe(204);
    expect(await client.next((f) => f.type === "message:deleted")).toEqual({
      type: "message:deleted",
      id: b.id,
      space_id: space.id,
      channel_id: space.generalId,
    });
    client.close();
    expect(await del(own, b.id)).toMatchObject({ status: 404, body: { detail: "message not found" } });
    expect((await http.get(msgs(space), { bot: own.token })).body.map((m: { id: string }) => m.id)).not.toContain(b.id);

    expect(await del(own, a.id)).toMatchObject({ status: 403, body: { detail: "missing scope: moderation.messages" } });
    const user = (await userPost(owner, space)).body;
    expect(await del(own, user.id)).toMatchObject({ status: 403, body: { detail: "missing scope: moderation.messages" } });
    expect((await del(mod, a.id)).status).toBe(204);
    expect((await del(mod, user.id)).status).toBe(204);
    expect(await del(mod, "018f0000-0000-7000-8000-000000000000")).toMatchObject({ status: 404, body: { detail: "message not found" } });
    expect((await http.del(`/api/bot/spaces/${space.id}/messages/nope`, { bot: mod.token })).status).toBe(422);
    // A message of another space, addressed through this space.
    const other = await newSpace();
    const foreign = (await send(await installedBot(other, ["messages.send"]), other, { content: "f" })).body;
    expect(await del(mod, foreign.id)).toMatchObject({ status: 404, body: { detail: "message not found" } });
  });

  it("needs the message's channel allowed", async () => {
    const space = await newSpace();
    const author = await installedBot(space, ["messages.send", "messages.delete.own"], [space.voiceId]);
    const mod = await installedBot(space, ["moderation.messages"], [space.generalId]);
    const v = (await send(author, space, { content: "v" }, space.voiceId)).body;
    expect(await http.del(one(space, v.id), { bot: mod.token })).toMatchObject({
      status: 403,
      body: { detail: "bot has no access to this channel" },
    });
  });
});

describe("webhook events", () => {
  it("reach subscribed, allowed, active bots only; never for user messages", async () => {
    const space = await newSpace("public");
    const events = ["message.created", "message.deleted", "reaction.added"];
    const sender = await installedBot(space, ALL, [space.generalId], events);
    const listener = await installedBot(space, [], [space.generalId], events);
    const blind = await installedBot(space, [], [space.voiceId], events); // channel not allowed
    const deaf = await installedBot(space, [], [space.generalId]); // no webhook
    const pingOnly = await installedBot(space, [], [space.generalId], ["webhook.ping"]);
    const suspended = await installedBot(space, [], [space.generalId], events);
    await http.patch(`/api/spaces/${space.id}/bots/${suspended.id}`, { state: "suspended" }, { token: owner.token });

    await userPost(owner, space);
    const msg = (await send(sender, space, { content: "héllo ✓", reply_to: null })).body;
    expect((await http.post(`${one(space, msg.id)}/reactions`, { emoji: "🎉" }, { bot: sender.token })).status).toBe(204);
    expect((await http.post(`${one(space, msg.id)}/reactions`, { emoji: "🎉" }, { bot: sender.token })).status).toBe(204);
    expect((await http.del(one(space, msg.id), { bot: sender.token })).status).toBe(204);
    const joiner = await registerUser(server.url);
    await http.post(`/api/spaces/${space.id}/join`, undefined, { token: joiner.token });

    // Bots installed after one are announced to it as service messages: set aside here.
    const arrivals = new Set([listener, blind, deaf, pingOnly, suspended].map((b) => `${b.username} joined the space`));
    const isArrival = (e: { type: string; data: { content?: string } }) =>
      e.type === "message.created" && arrivals.has(e.data.content ?? "");
    await vi.waitFor(
      () => {
        expect(eventsFor(listener.id).filter((e) => !isArrival(e)).length).toBeGreaterThanOrEqual(4);
        expect(eventsFor(sender.id).filter((e) => !isArrival(e)).length).toBeGreaterThanOrEqual(4);
      },
      { timeout: 10_000, interval: 50 },
    );
    await new Promise((r) => setTimeout(r, 300));
    await expect
      .poll(
        () =>
          eventsFor(sender.id)
            .filter(isArrival)
            .map((e) => e.data.content)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual([...arrivals].sort());
    const heardByListener = [...arrivals].filter((t) => !t.startsWith(listener.username + " ")).sort();
    await expect
      .poll(
        () =>
          eventsFor(listener.id)
            .filter(isArrival)
            .map((e) => e.data.content)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(heardByListener);
    for (const bot of [sender, listener]) {
      const got = eventsFor(bot.id).filter((e) => !isArrival(e));
      expect(got.map((e) => e.type).sort()).toEqual(["message.created", "message.created", "message.deleted", "reaction.added"]);
      const created = got.filter((e) => e.type === "message.created");
      expect(created.find((e) => e.data.message_id === msg.id)).toMatchObject({
        space_id: space.id,
        data: {
          message_id: msg.id,
          channel_id: space.generalId,
          author_id: sender.id,
          author_is_bot: true,
          content: "héllo ✓",
          reply_to: null,
          created_at: msg.created_at,
        },
      });
      expect(created.find((e) => e.data.message_id !== msg.id)).toMatchObject({
        data: { author_id: null, author_is_bot: false, content: `${joiner.username} joined the space`, channel_id: space.generalId },
      });
      expect(got.find((e) => e.type === "reaction.added")).toMatchObject({
        data: { message_id: msg.id, emoji: "🎉", user_id: sender.id, channel_id: space.generalId },
      });
      expect(got.find((e) => e.type === "message.deleted")).toMatchObject({
        data: { message_id: msg.id, channel_id: space.generalId, author_id: sender.id },
      });
    }
    for (const bot of [blind, deaf, pingOnly, suspended]) expect(eventsFor(bot.id)).toEqual([]);
    expect(receiver.received.map((r) => r.raw).join("")).not.toContain(Buffer.from("secret words").toString("base64"));
  });
});

describe("service messages", () => {
  it("announce joins and leaves in the first text channel, with frames", async () => {
    const space = await newSpace("public");
    const reader = await installedBot(space, [], [space.generalId]);
    const user = await registerUser(server.url);
    const { client } = await WsClient.ready(server.url, owner.token);
    await http.post(`/api/spaces/${space.id}/join`, undefined, { token: user.token });
    expect(await client.next((f) => f.type === "message:created" && f.kind === "service")).toMatchObject({
      channel_id: space.generalId,
      author_id: null,
      content: `${user.username} joined the space`,
    });
    expect((await http.post(`/api/spaces/${space.id}/leave`, undefined, { token: user.token })).status).toBe(204);
    const listed = (await http.get(msgs(space), { bot: reader.token })).body.map((m: { content: string }) => m.content);
    expect(listed).toEqual([`${user.username} left the space`, `${user.username} joined the space`, `${reader.username} joined the space`]);
    client.close();
  });
});
