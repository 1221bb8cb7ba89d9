// The user API's abuse limits (docs/limits.md): KeyPackage claims per claimer (429) and
// one-time packages per (claimer, target) and per target (the last-resort package past the budget), KeyPackage
// uploads per device, join/leave loops per (user, space), voice-join loops per (user, space), chat messages and E2E
// commits per (user, channel). Each is counted
// before the work: a parallel burst gets no more than the limit, and a refused call writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api, type Reply } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;
let space: Awaited<ReturnType<typeof insertSpace>>;
let n = 0;
const blob = (tag: string) => Buffer.from(`${tag}-${++n}-${"x".repeat(40)}`).toString("base64");

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "warn" } });
  http = api(server.url);
  owner = await registerUser(server.url);
  space = await insertSpace(server.platform.db, owner.id, { visibility: "public" });
});
afterAll(() => server?.stop());

/** A 429 with the limit's text and a Retry-After within its window. */
const expect429 = (res: Reply, detail: string, windowSeconds: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body).toEqual({ detail });
  const after = Number(res.headers.get("retry-after"));
  expect(after).toBeGreaterThanOrEqual(1);
  expect(after).toBeLessThanOrEqual(windowSeconds);
};

async function memberOfSpace(): Promise<TestUser> {
  const u = await registerUser(server.url);
  await insertMember(server.platform.db, space.id, u.id);
  return u;
}

const claim = (claimer: TestUser, userIds: string[]) =>
  http.post("/api/e2e/key-packages/claim", { user_ids: userIds }, { token: claimer.token });

describe("KeyPackage claims", () => {
  it("a parallel burst of 70 claims from one claimer gets exactly 60 answers, then 429 kp:claim:<user_id> > 60/60s", async () => {
    const claimer = await memberOfSpace();
    const statuses = (await Promise.all(Array.from({ length: 70 }, () => claim(claimer, [owner.id])))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect429(await claim(claimer, [owner.id]), `kp:claim:${claimer.id} > 60/60s`, 60);
  });

  it("one claimer takes at most 10 of a member's one-time packages per hour, then gets the last-resort one", async () => {
    const target = await memberOfSpace();
    const lastResort = blob("lr");
    const own = Array.from({ length: 20 }, () => blob("kp"));
    expect(
      (await http.post("/api/e2e/key-packages", { key_packages: own, last_resort: lastResort }, { token: target.token })).body,
    ).toEqual({ available: 20 });
    const claimer = await memberOfSpace();
    const got = (await Promise.all(Array.from({ length: 14 }, () => claim(claimer, [target.id])))).map(
      (r) => r.body.key_packages[0].key_package as string,
    );
    const oneTime = got.filter((k) => k !== lastResort);
    expect(oneTime).toHaveLength(10);
    expect(new Set(oneTime).size).toBe(10);
    expect(got.filter((k) => k === lastResort)).toHaveLength(4);
    expect((await http.get("/api/e2e/key-packages/count", { token: target.token })).body).toEqual({ available: 10 });
    // Another claimer has its own budget.
    const other = await memberOfSpace();
    expect(own).toContain((await claim(other, [target.id])).body.key_packages[0].key_package);
  });

  it("all claimers together take at most 100 of one member's one-time packages per hour", async () => {
    const target = await memberOfSpace();
    const lastResort = blob("lr");
    for (let i = 0; i < 2; i++) {
      const up = await http.post(
        "/api/e2e/key-packages",
        { key_packages: Array.from({ length: 100 }, () => blob("kp")), last_resort: lastResort },
        { token: target.token },
      );
      expect(up.status).toBe(200);
    }
    const claimers = await Promise.all(Array.from({ length: 11 }, () => memberOfSpace()));
    const got: string[] = [];
    for (const c of claimers) {
      const replies = await Promise.all(Array.from({ length: 10 }, () => claim(c, [target.id])));
      got.push(...replies.map((r) => r.body.key_packages[0].key_package as string));
    }
    expect(got.filter((k) => k !== lastResort)).toHaveLength(100);
    expect(got.filter((k) => k === lastResort)).toHaveLength(10);
    expect((await http.get("/api/e2e/key-packages/count", { token: target.token })).body).toEqual({ available: 100 });
  }, 60_000);
});

describe("KeyPackage uploads", () => {
  it("30 uploads per device session per hour, then 429 kp:upload:<device_id> > 30/3600s with nothing stored", async () => {
    const u = await registerUser(server.url);
    const statuses = (
      await Promise.all(
        Array.from({ length: 33 }, () => http.post("/api/e2e/key-packages", { key_packages: [blob("kp")] }, { token: u.token })),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect429(
      await http.post("/api/e2e/key-packages", { key_packages: [blob("kp")] }, { token: u.token }),
      `kp:upload:${u.deviceId} > 30/3600s`,
      3600,
    );
    expect((await http.get("/api/e2e/key-packages/count", { token: u.token })).body).toEqual({ available: 30 });
  });
});

describe("join/leave loops", () => {
  it("10 joins and leaves of one space per user per hour, then 429 member:<user_id>:<space_id> > 10/3600s; other spaces unaffected", async () => {
    const u = await registerUser(server.url);
    const join = () => http.post(`/api/spaces/${space.id}/join`, undefined, { token: u.token });
    const leave = () => http.post(`/api/spaces/${space.id}/leave`, undefined, { token: u.token });
    for (let i = 0; i < 5; i++) {
      expect((await join()).status).toBe(200);
      expect((await leave()).status).toBe(204);
    }
    const serviceMessages = async () =>
      Number(
        (
          await server.platform
            .db("messages")
            .where({ kind: "service" })
            .join("channels", "channels.id", "messages.channel_id")
            .where("channels.space_id", space.id)
            .count({ n: "*" })
        )[0]!.n,
      );
    const before = await serviceMessages();
    expect429(await join(), `member:${u.id}:${space.id} > 10/3600s`, 3600);
    expect(await serviceMessages()).toBe(before);
    expect(
      (await http.get(`/api/spaces/${space.id}/members`, { token: owner.token })).body.map((m: { user_id: string }) => m.user_id),
    ).not.toContain(u.id);
    // An already-member join changes nothing and is not counted; another space has its own count.
    const other = await insertSpace(server.platform.db, owner.id, { visibility: "public" });
    expect((await http.post(`/api/spaces/${other.id}/join`, undefined, { token: u.token })).status).toBe(200);
  });
});

describe("voice-join loops", () => {
  it("10 voice joins per user per space per minute, then 429 voice:<user_id>:<space_id> > 10/60s", async () => {
    const u = await memberOfSpace();
    const join = () => http.post(`/api/spaces/${space.id}/voice/${space.voiceId}/join`, undefined, { token: u.token });
    const statuses = (await Promise.all(Array.from({ length: 12 }, join))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect429(await join(), `voice:${u.id}:${space.id} > 10/60s`, 60);
  });
});

describe("writes that reach every member", () => {
  const exactly429 = (res: Reply, detail: string, retryAfter: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body).toEqual({ detail });
    expect(res.headers.get("retry-after")).toBe(retryAfter);
  };

  it("10 chat messages per (user, channel) per 10 s, then 429 msg:user:<user_id>:<channel_id> > 10/10s with nothing stored; another channel has its own count", async () => {
    const u = await memberOfSpace();
    const path = (channelId: string) => `/api/chat/${space.id}/${channelId}/messages`;
    const send = (channelId: string) => http.post(path(channelId), { ciphertext: blob("m"), epoch: 1 }, { token: u.token });
    const statuses = (await Promise.all(Array.from({ length: 13 }, () => send(space.generalId)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    exactly429(await send(space.generalId), `msg:user:${u.id}:${space.generalId} > 10/10s`, "10");
    const mine = (await http.get(`${path(space.generalId)}?limit=100`, { token: u.token })).body.filter(
      (m: { author_id: string }) => m.author_id === u.id,
    );
    expect(mine).toHaveLength(10);
    expect((await send(space.voiceId)).status).toBe(201);
  });

  it("30 E2E commits per (user, channel) per 60 s, stale ones counted too, then 429 e2e:commit:<user_id>:<channel_id> > 30/60s", async () => {
    const u = await memberOfSpace();
    const fresh = await insertSpace(server.platform.db, owner.id);
    await insertMember(server.platform.db, fresh.id, u.id);
    const commit = (epoch: number) =>
      http.post(`/api/e2e/channels/${fresh.generalId}/commits`, { epoch, commit: blob("c"), group_info: blob("gi") }, { token: u.token });
    expect((await commit(0)).status).toBe(200);
    // 29 stale commits (epoch 0 is taken) use up the rest of the window.
    const stale = (await Promise.all(Array.from({ length: 32 }, () => commit(0)))).map((r) => r.status);
    expect(stale.filter((s) => s === 409)).toHaveLength(29);
    expect(stale.filter((s) => s === 429)).toHaveLength(3);
    exactly429(await commit(1), `e2e:commit:${u.id}:${fresh.generalId} > 30/60s`, "60");
    expect((await http.get(`/api/e2e/channels/${fresh.generalId}/group`, { token: u.token })).body.epoch).toBe(1);
    // The owner commits in the same channel on a count of their own.
    expect(
      (
        await http.post(
          `/api/e2e/channels/${fresh.generalId}/commits`,
          { epoch: 1, commit: blob("c"), group_info: blob("gi") },
          { token: owner.token },
        )
      ).status,
    ).toBe(200);
  });
});
