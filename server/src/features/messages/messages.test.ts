// User messages over HTTP, and their realtime frames: opaque ciphertext in and out, paging, access rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { api } from "../../../../test/helpers/http.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

let server: TestServer;
let owner: TestUser, member: TestUser, outsider: TestUser, moderator: TestUser;
let space: Awaited<ReturnType<typeof insertSpace>>;
let other: Awaited<ReturnType<typeof insertSpace>>;
let path: string;
const b64 = (s: string) => Buffer.from(s).toString("base64");
const SECRET = b64("attack at dawn — very secret plaintext");

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, outsider, moderator] = (await Promise.all([1, 2, 3, 4].map(() => registerUser(server.url)))) as TestUser[] as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  space = await insertSpace(server.platform.db, owner.id);
  other = await insertSpace(server.platform.db, outsider.id);
  await insertMember(server.platform.db, space.id, member.id);
  await insertMember(server.platform.db, space.id, moderator.id, "moderator");
  path = `/api/chat/${space.id}/${space.generalId}/messages`;
});
afterAll(async () => server?.stop());

const post = (user: TestUser, body: unknown, p = path) => api(server.url).post(p, body, { token: user.token });

describe("POST and GET messages", () => {
  it("stores and returns the opaque ciphertext, and announces it to the channel", async () => {
    const { client } = await WsClient.ready(server.url, owner.token);
    const res = await post(member, { ciphertext: SECRET, epoch: 3 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      space_id: space.id,
      channel_id: space.generalId,
      author_id: member.id,
      author_is_bot: false,
      kind: "user",
      ciphertext: SECRET,
      content: null,
      reply_to: null,
      reactions: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const frame = await client.next((f) => f.type === "message:created");
    expect(frame).toEqual({ type: "message:created", ...res.body });
    expect(server.logs()).not.toContain(SECRET);
    client.close();
  });

  it("lists newest first and pages with before and limit", async () => {
    const ch = await insertSpace(server.platform.db, owner.id);
    const p = `/api/chat/${ch.id}/${ch.generalId}/messages`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(owner, { ciphertext: b64(`m${i}`) }, p)).body.id);
    const all = await api(server.url).get(p, { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body.map((m: { id: string }) => m.id)).toEqual([...ids].reverse());
    const page1 = await api(server.url).get(`${p}?limit=2`, { token: owner.token });
    expect(page1.body.map((m: { id: string }) => m.id)).toEqual([ids[4], ids[3]]);
    const page2 = await api(server.url).get(`${p}?limit=2&before=${ids[3]}`, { token: owner.token });
    expect(page2.body.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    const page3 = await api(server.url).get(`${p}?limit=2&before=${ids[1]}`, { token: owner.token });
    expect(page3.body.map((m: { ciphertext: string }) => m.ciphertext)).toEqual([b64("m0")]);
  });

  it("accepts a reply to a message of the same channel only", async () => {
    const first = await post(owner, { ciphertext: SECRET });
    const reply = await post(member, { ciphertext: SECRET, reply_to: first.body.id });
    expect(reply.status).toBe(201);
    expect(reply.body.reply_to).toBe(first.body.id);
    const elsewhere = await post(owner, { ciphertext: SECRET }, `/api/chat/${space.id}/${space.voiceId}/messages`);
    const bad = await post(member, { ciphertext: SECRET, reply_to: elsewhere.body.id });
    expect(bad).toMatchObject({ status: 404, body: { detail: "message not found" } });
    const unknown = await post(member, { ciphertext: SECRET, reply_to: "018f0000-0000-7000-8000-000000000000" });
    expect(unknown).toMatchObject({ status: 404, body: { detail: "message not found" } });
  });

  it("answers 404 to non-members and for a channel of another space", async () => {
    expect((await post(outsider, { ciphertext: SECRET })).status).toBe(404);
    expect((await api(server.url).get(path, { token: outsider.token })).status).toBe(404);
    const foreign = `/api/chat/${space.id}/${other.generalId}/messages`;
    expect((await post(owner, { ciphertext: SECRET }, foreign)).status).toBe(404);
    expect((await api(server.url).get(foreign, { token: owner.token })).status).toBe(404);
    const unknownSpace = `/api/chat/018f0000-0000-7000-8000-000000000000/${space.generalId}/messages`;
    expect((await api(server.url).get(unknownSpace, { token: owner.token })).status).toBe(404);
  });

  it("refuses a muted member with 403 `you are muted`, and lets them post once the mute ends", async () => {
    const muted = await registerUser(server.url);
    await insertMember(server.platform.db, space.id, muted.id);
    const where = { space_id: space.id, user_id: muted.id };
    await server.platform
      .db("members")
      .where(where)
      .update({ muted_until: new Date(Date.now() + 60_000) });
    expect(await post(muted, { ciphertext: SECRET })).toMatchObject({ status: 403, body: { detail: "you are muted" } });
    expect((await api(server.url).get(path, { token: muted.token })).status).toBe(200);
    await server.platform
      .db("members")
      .where(where)
      .update({ muted_until: new Date(Date.now() - 1000) });
    expect((await post(muted, { ciphertext: SECRET })).status).toBe(201);
  });

  it("answers 401 without a token and 422 for bad input", async () => {
    expect((await api(server.url).post(path, { ciphertext: SECRET })).status).toBe(401);
    expect((await api(server.url).get(path)).status).toBe(401);
    for (const body of [
      {},
      { ciphertext: "" },
      { ciphertext: "not base64!" },
      { ciphertext: "A".repeat(65540) },
      { ciphertext: SECRET, epoch: -1 },
      { ciphertext: SECRET, epoch: 1.5 },
      { ciphertext: SECRET, reply_to: "x" },
    ]) {
      const res = await post(owner, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    for (const q of ["limit=0", "limit=101", "limit=abc", "before=nope"]) {
      expect((await api(server.url).get(`${path}?${q}`, { token: owner.token })).status, q).toBe(422);
    }
    expect((await api(server.url).get(`/api/chat/nope/${space.generalId}/messages`, { token: owner.token })).status).toBe(422);
  });

  it("accepts a ciphertext of exactly 65536 characters", async () => {
    expect((await post(owner, { ciphertext: "A".repeat(65536) })).status).toBe(201);
  });
});

describe("DELETE messages", () => {
  it("lets the author delete, announces it, and hides the message", async () => {
    const { client } = await WsClient.ready(server.url, owner.token);
    const msg = (await post(member, { ciphertext: SECRET })).body;
    expect((await api(server.url).del(`${path}/${msg.id}`, { token: member.token })).status).toBe(204);
    expect(await client.next((f) => f.type === "message:deleted")).toEqual({
      type: "message:deleted",
      id: msg.id,
      space_id: space.id,
      channel_id: space.generalId,
    });
    const list = await api(server.url).get(path, { token: owner.token });
    expect(list.body.map((m: { id: string }) => m.id)).not.toContain(msg.id);
    expect(await api(server.url).del(`${path}/${msg.id}`, { token: member.token })).toMatchObject({
      status: 404,
      body: { detail: "message not found" },
    });
    client.close();
  });

  it("lets moderators delete others' messages but not plain members", async () => {
    const msg = (await post(owner, { ciphertext: SECRET })).body;
    expect((await api(server.url).del(`${path}/${msg.id}`, { token: member.token })).status).toBe(403);
    expect((await api(server.url).del(`${path}/${msg.id}`, { token: outsider.token })).status).toBe(404);
    expect((await api(server.url).del(`${path}/${msg.id}`, { token: moderator.token })).status).toBe(204);
  });
});

describe("who hears a channel", () => {
  it("never sends a channel's frames to a user who is not a member", async () => {
    const { client: inside } = await WsClient.ready(server.url, member.token);
    const { client: outside } = await WsClient.ready(server.url, outsider.token);
    const msg = (await post(owner, { ciphertext: SECRET })).body;
    await inside.next((f) => f.type === "message:created" && f.id === msg.id);
    // The outsider's own space still works for it, so silence below is not a dead socket.
    const own = (await post(outsider, { ciphertext: SECRET }, `/api/chat/${other.id}/${other.generalId}/messages`)).body;
    await outside.next((f) => f.type === "message:created" && f.id === own.id);
    expect(outside.frames.filter((f) => f.space_id === space.id)).toEqual([]);
    inside.close();
    outside.close();
  });
});
