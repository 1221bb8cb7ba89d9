// Presence in large spaces (LARGE_SPACE_THRESHOLD, here 3): members do not hear every member's presence change;
// they do for the members they subscribed to (`presence:subscribe` by ids or by a range of the member list), and
// friends always do. In small spaces every member hears every member.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";
import { marker } from "../../../../test/helpers/frames.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let publisher: RealtimePublisher;
// a: the subject; friend: a's friend; b, d: plain members; e: in a small space with a; outsider: in neither.
let a: TestUser, friend: TestUser, b: TestUser, d: TestUser, e: TestUser, outsider: TestUser;
let large: string, small: string;
const sockets: WsClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { LARGE_SPACE_THRESHOLD: "3" } });
  http = api(server.url);
  publisher = new RealtimePublisher(server.platform.pubsub);
  [a, friend, b, d, e, outsider] = (await Promise.all(Array.from({ length: 6 }, () => registerUser(server.url)))) as TestUser[] as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  await http.post(`/api/users/friends/add/${friend.username}`, undefined, { token: a.token });
  expect((await http.post(`/api/users/friends/add/${a.username}`, undefined, { token: friend.token })).body).toEqual({
    message: "friend added",
  });
  large = (await http.post("/api/spaces", { name: "large", visibility: "public" }, { token: a.token })).body.id;
  for (const u of [friend, b, d]) expect((await http.post(`/api/spaces/${large}/join`, undefined, { token: u.token })).status).toBe(200);
  small = (await http.post("/api/spaces", { name: "small", visibility: "public" }, { token: a.token })).body.id;
  await http.post(`/api/spaces/${small}/join`, undefined, { token: e.token });
  expect((await http.get(`/api/spaces/${large}`, { token: a.token })).body.member_count).toBe(4);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

async function connect(u: TestUser): Promise<WsClient> {
  const { client } = await WsClient.ready(server.url, u.token);
  sockets.push(client);
  return client;
}

/** Every frame published before this for `u` has reached its socket once the marker has (one Redis connection, in order). */
async function flushed(u: TestUser, c: WsClient): Promise<void> {
  const n = Math.random();
  await publisher.toUser(u.id, marker("test:mark", { n }));
  await c.next((f) => f.type === "test:mark" && f.n === n);
}

const presenceOf = (c: WsClient, userId: string) =>
  c
    .ofType("presence:update")
    .filter((f) => f.user_id === userId)
    .map((f) => f.status);

describe("presence in a large space", () => {
  it("reaches friends and small-space co-members, not the other members of a large space", async () => {
    const [cf, cb, cd, ce] = await Promise.all([connect(friend), connect(b), connect(d), connect(e)]);
    expect((await http.post("/api/users/me/presence", { status: "dnd" }, { token: a.token })).status).toBe(200);
    await cf.next((f) => f.type === "presence:update" && f.user_id === a.id && f.status === "dnd");
    await ce.next((f) => f.type === "presence:update" && f.user_id === a.id && f.status === "dnd");
    await Promise.all([flushed(b, cb), flushed(d, cd)]);
    expect(presenceOf(cb, a.id)).toEqual([]);
    expect(presenceOf(cd, a.id)).toEqual([]);
    // The friend hears it once: through its user channel, not also through the large space.
    await flushed(friend, cf);
    expect(presenceOf(cf, a.id)).toEqual(["dnd"]);
  });

  it("a member who subscribes by user id gets the current presence and the online count, then every change", async () => {
    const cb = await connect(b);
    cb.send({ type: "presence:subscribe", space_id: large, user_ids: [a.id, outsider.id] });
    const answer = await cb.next((f) => f.type === "presence:subscribed");
    // The outsider is not a member: not covered. Online: the members with a socket (friend, b, d) or activity (a).
    expect(answer).toEqual({
      type: "presence:subscribed",
      space_id: large,
      online_count: 4,
      presences: [{ user_id: a.id, status: "dnd", custom_status: null }],
    });
    await http.post("/api/users/me/presence", { status: "online", custom_status: "back" }, { token: a.token });
    expect(await cb.next((f) => f.type === "presence:update" && f.user_id === a.id)).toEqual({
      type: "presence:update",
      user_id: a.id,
      status: "online",
      custom_status: "back",
    });

    // A new subscription replaces the old one: subscribed to nobody, it hears nothing again.
    cb.send({ type: "presence:subscribe", space_id: large, user_ids: [] });
    await cb.next((f) => f.type === "presence:subscribed" && f.presences.length === 0);
    await http.post("/api/users/me/presence", { status: "idle" }, { token: a.token });
    await flushed(b, cb);
    expect(presenceOf(cb, a.id)).toEqual(["online"]);
  });

  it("a member who subscribes to a range of the member list hears the members in it", async () => {
    const cd = await connect(d);
    // Newest member first: d, b, friend, a — positions 3…3 are a alone.
    cd.send({ type: "presence:subscribe", space_id: large, range: [3, 3] });
    const answer = await cd.next((f) => f.type === "presence:subscribed");
    expect(answer.presences).toEqual([{ user_id: a.id, status: "idle", custom_status: null }]);
    await http.post("/api/users/me/presence", { status: "dnd" }, { token: a.token });
    await cd.next((f) => f.type === "presence:update" && f.user_id === a.id && f.status === "dnd");

    cd.send({ type: "presence:subscribe", space_id: large, range: [0, 1] });
    expect(
      (await cd.next((f) => f.type === "presence:subscribed" && f.presences[0]?.user_id === d.id)).presences.map((p: any) => p.user_id),
    ).toEqual([d.id, b.id]);
  });

  it("refuses subscriptions to spaces the user is not in, and malformed ones, with an error frame", async () => {
    const co = await connect(outsider);
    co.send({ type: "presence:subscribe", space_id: large, user_ids: [a.id] });
    expect(await co.next((f) => f.type === "error")).toEqual({ type: "error", detail: "not a member of that space" });
    const bad: [unknown, string][] = [
      [{ type: "presence:subscribe" }, "presence:subscribe needs a space_id"],
      [{ type: "presence:subscribe", space_id: large }, "presence:subscribe needs user_ids or range"],
      [{ type: "presence:subscribe", space_id: large, user_ids: ["x"] }, "user_ids must be an array of at most 100 user ids"],
      [
        { type: "presence:subscribe", space_id: large, range: [5, 200] },
        "range must be [first, last] with 0 <= first <= last and at most 100 members",
      ],
    ];
    for (const [frame, detail] of bad) {
      co.send(frame);
      expect(await co.nextNew("error")).toEqual({ type: "error", detail });
    }
  });

  it("a member of a large space coming online is not announced to the other members (the connect storm)", async () => {
    const cb = await connect(b);
    const late = await registerUser(server.url);
    await http.post(`/api/spaces/${large}/join`, undefined, { token: late.token });
    await connect(late);
    await flushed(b, cb);
    expect(presenceOf(cb, late.id)).toEqual([]);
  });
});
