// Voice credentials: LiveKit tokens checked with livekit-server-sdk's own TokenVerifier, the
// grants per caller (bot: microphone only, no data; muted member: no publishing, no data), the refusals, voice.joined
// events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenVerifier } from "livekit-server-sdk";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";

const LIVEKIT = {
  LIVEKIT_URL: "wss://voice.example.test",
  LIVEKIT_API_KEY: "test-key",
  LIVEKIT_API_SECRET: "test-livekit-secret-0123456789abcdef",
};

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser, member: TestUser, outsider: TestUser;
let receiver: Receiver;
let space: { id: string; generalId: string; voiceId: string };
const verifier = new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, LIVEKIT.LIVEKIT_API_SECRET);

beforeAll(async () => {
  [server, receiver] = await Promise.all([startTestServer({ env: LIVEKIT }), startReceiver()]);
  http = api(server.url);
  [owner, member, outsider] = await Promise.all([registerUser(server.url), registerUser(server.url), registerUser(server.url)]);
  const created = await http.post("/api/spaces", { name: "voice", visibility: "public" }, { token: owner.token });
  const channels = (await http.get(`/api/spaces/${created.body.id}/channels`, { token: owner.token })).body as {
    id: string;
    type: string;
  }[];
  space = {
    id: created.body.id,
    generalId: channels.find((c) => c.type === "text")!.id,
    voiceId: channels.find((c) => c.type === "voice")!.id,
  };
  await http.post(`/api/spaces/${space.id}/join`, undefined, { token: member.token });
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

const memberJoin = (user: TestUser, channelId = space.voiceId, spaceId = space.id) =>
  http.post(`/api/spaces/${spaceId}/voice/${channelId}/join`, undefined, { token: user.token });
const botJoin = (bot: { token: string }, channelId = space.voiceId, body?: unknown) =>
  http.post(`/api/bot/spaces/${space.id}/voice/${channelId}/join`, body, { bot: bot.token });

async function installedBot(channels: string[], events?: string[]) {
  const bot = await createBot(server.url, owner.token);
  expect(
    (
      await http.post(
        `/api/spaces/${space.id}/bots`,
        { bot_user_id: bot.id, scopes: [], allowed_channel_ids: channels },
        { token: owner.token },
      )
    ).status,
  ).toBe(201);
  if (events) await http.post(`/api/bots/${bot.id}/webhooks`, { url: receiver.url, events }, { token: owner.token });
  return bot;
}

describe("member voice join", () => {
  it("answers exactly {token, url, room, ttl_seconds} with a LiveKit token for the member", async () => {
    const res = await memberJoin(member);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["room", "token", "ttl_seconds", "url"]);
    expect(res.body).toMatchObject({ url: LIVEKIT.LIVEKIT_URL, room: `${space.id}:${space.voiceId}`, ttl_seconds: 600 });
    const claims = await verifier.verify(res.body.token);
    expect(claims.iss).toBe(LIVEKIT.LIVEKIT_API_KEY);
    expect(claims.sub).toBe(member.id);
    expect(claims.exp! - claims.nbf!).toBe(600);
    expect(claims.video).toEqual({
      roomJoin: true,
      room: `${space.id}:${space.voiceId}`,
      canSubscribe: true,
      canPublish: true,
      canPublishData: true,
    });
    await expect(new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, "another-secret-entirely-0123456789").verify(res.body.token)).rejects.toThrow();
  });

  it("gives a muted member a grant without publishing", async () => {
    const muted = await registerUser(server.url);
    await http.post(`/api/spaces/${space.id}/join`, undefined, { token: muted.token });
    const m = await server.platform.db("members").where({ space_id: space.id, user_id: muted.id }).first();
    expect(
      (await http.post(`/api/spaces/${space.id}/members/${m.id}/mute`, { duration_seconds: 600 }, { token: owner.token })).status,
    ).toBe(200);
    const claims = await verifier.verify((await memberJoin(muted)).body.token);
    expect(claims.video).toMatchObject({ roomJoin: true, canSubscribe: true, canPublish: false, canPublishData: false });
  });

  it("refuses a text channel (400), non-members and foreign channels (404), no token (401), bad ids (422)", async () => {
    expect(await memberJoin(member, space.generalId)).toMatchObject({ status: 400, body: { detail: "not a voice channel" } });
    expect((await memberJoin(outsider)).status).toBe(404);
    const other = await http.post("/api/spaces", { name: "other" }, { token: outsider.token });
    const otherVoice = (await http.get(`/api/spaces/${other.body.id}/channels`, { token: outsider.token })).body.find(
      (c: { type: string }) => c.type === "voice",
    );
    expect((await memberJoin(member, otherVoice.id)).status).toBe(404);
    expect((await http.post(`/api/spaces/${space.id}/voice/${space.voiceId}/join`)).status).toBe(401);
    expect((await memberJoin(member, "nope")).status).toBe(422);
  });
});

describe("bot voice join", () => {
  it("gives a bot a microphone-only grant; body optional and ignored; no scope needed", async () => {
    const bot = await installedBot([space.voiceId]);
    for (const body of [undefined, {}, { anything: "ignored" }]) {
      const res = await botJoin(bot, space.voiceId, body);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["room", "token", "ttl_seconds", "url"]);
      const claims = await verifier.verify(res.body.token);
      expect(claims.sub).toBe(bot.id);
      expect(claims.video).toEqual({
        roomJoin: true,
        room: `${space.id}:${space.voiceId}`,
        canSubscribe: true,
        canPublish: true,
        canPublishData: false,
        canPublishSources: ["microphone"],
      });
    }
  });

  it("needs the channel allowed, and a voice channel", async () => {
    const bot = await installedBot([space.generalId]);
    expect(await botJoin(bot)).toMatchObject({ status: 403, body: { detail: "bot has no access to this channel" } });
    expect(await botJoin(bot, space.generalId)).toMatchObject({ status: 400, body: { detail: "not a voice channel" } });
    const stranger = await createBot(server.url, owner.token);
    expect(await botJoin(stranger)).toMatchObject({ status: 404, body: { detail: "bot not found in this space" } });
  });

  it("sends voice.joined to subscribed bots that see the channel", async () => {
    const listener = await installedBot([space.voiceId], ["voice.joined"]);
    const blind = await installedBot([space.generalId], ["voice.joined"]);
    await memberJoin(member);
    await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    const got = receiver.received.map((r) => JSON.parse(r.raw));
    expect(got.filter((e) => e.bot_user_id === blind.id)).toEqual([]);
    expect(got.filter((e) => e.bot_user_id === listener.id)).toEqual([
      expect.objectContaining({
        type: "voice.joined",
        space_id: space.id,
        data: expect.objectContaining({ channel_id: space.voiceId, user_id: member.id, is_bot: false }),
      }),
    ]);
  });
});
