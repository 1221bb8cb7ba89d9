// The MLS Delivery Service over HTTP and WebSocket: key directory (atomic claims, last resort, revocation),
// epoch ordering of commits (one winner per epoch), commit/welcome fan-out to the right devices only (also
// from a second server sharing PostgreSQL and Redis), membership frames, access rules and input validation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { api } from "../../../../test/helpers/http.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

let server: TestServer;
let second: TestServer;
let owner: TestUser, member: TestUser, outsider: TestUser;
let space: Awaited<ReturnType<typeof insertSpace>>;
let outsiderSpace: Awaited<ReturnType<typeof insertSpace>>;
const b64 = (s: string) => Buffer.from(s).toString("base64");
let n = 0;
const blob = (tag: string) => b64(`${tag}-${++n}-${"x".repeat(40)}`);

const http = () => api(server.url);
const loginAgain = async (u: TestUser, base = server.url): Promise<{ token: string; deviceId: string }> => {
  const res = await api(base).post("/api/auth/login", { login: u.username, password: u.password });
  expect(res.status).toBe(200);
  return { token: res.body.access_token, deviceId: res.body.device_id };
};

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, outsider] = (await Promise.all([1, 2, 3].map(() => registerUser(server.url)))) as [TestUser, TestUser, TestUser];
  space = await insertSpace(server.platform.db, owner.id, { visibility: "public" });
  await insertMember(server.platform.db, space.id, member.id);
  outsiderSpace = await insertSpace(server.platform.db, outsider.id);
});
afterAll(async () => {
  await second?.stop();
  await server?.stop();
});

describe("key packages", () => {
  it("uploads one-time packages and a last-resort one, and counts what is left", async () => {
    const u = await registerUser(server.url);
    const up = await http().post(
      "/api/e2e/key-packages",
      { key_packages: [blob("kp"), blob("kp")], last_resort: blob("lr") },
      { token: u.token },
    );
    expect(up).toMatchObject({ status: 200, body: { available: 2 } });
    const again = await http().post("/api/e2e/key-packages", { key_packages: [blob("kp")] }, { token: u.token });
    expect(again.body).toEqual({ available: 3 });
    expect((await http().get("/api/e2e/key-packages/count", { token: u.token })).body).toEqual({ available: 3 });
    // Each device session has its own stock.
    const other = await loginAgain(u);
    expect((await http().get("/api/e2e/key-packages/count", { token: other.token })).body).toEqual({ available: 0 });
  });

  it("concurrent uploads of a last-resort package from one session replace it, none answers 500", async () => {
    const u = await registerUser(server.url);
    const uploads = await Promise.all(
      [1, 2, 3, 4].map(() =>
        http().post("/api/e2e/key-packages", { key_packages: [blob("kp")], last_resort: blob("lr") }, { token: u.token }),
      ),
    );
    expect(uploads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await server.platform
      .db("e2e_key_packages")
      .where({ user_id: u.id, last_resort: true })
      .count<{ n: string }[]>({ n: "*" });
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("refuses bad input with 422 and anonymous callers and bots with 401", async () => {
    const t = { token: owner.token };
    for (const body of [
      {},
      { key_packages: [] },
      { key_packages: ["not base64!"] },
      { key_packages: ["A".repeat(16385)] },
      { key_packages: Array.from({ length: 101 }, () => blob("kp")) },
      { key_packages: [blob("kp")], last_resort: "" },
    ]) {
      expect((await http().post("/api/e2e/key-packages", body, t)).status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    for (const body of [{}, { user_ids: [] }, { user_ids: ["nope"] }, { user_ids: Array.from({ length: 101 }, () => owner.id) }]) {
      expect((await http().post("/api/e2e/key-packages/claim", body, t)).status).toBe(422);
    }
    expect((await http().get("/api/e2e/key-packages/count")).status).toBe(401);
    const bot = await createBot(server.url, owner.token);
    const asBot = await http().get("/api/e2e/key-packages/count", { bot: bot.token });
    expect(asBot).toMatchObject({ status: 401, body: { detail: "not authenticated" } });
    expect((await http().get(`/api/e2e/channels/${space.generalId}/group`, { bot: bot.token })).status).toBe(401);
  });

  it("20 parallel claims of a user with 5 packages give 5 distinct packages, then the last-resort one", async () => {
    const target = await registerUser(server.url);
    await insertMember(server.platform.db, space.id, target.id);
    const packages = [1, 2, 3, 4, 5].map(() => blob("one-time"));
    const lastResort = blob("last-resort");
    await http().post("/api/e2e/key-packages", { key_packages: packages, last_resort: lastResort }, { token: target.token });
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => http().post("/api/e2e/key-packages/claim", { user_ids: [target.id] }, { token: owner.token })),
    );
    const got = claims.map((c) => {
      expect(c.status).toBe(200);
      expect(c.body.key_packages).toHaveLength(1);
      expect(c.body.key_packages[0]).toMatchObject({ user_id: target.id, device_id: target.deviceId });
      return c.body.key_packages[0].key_package as string;
    });
    const oneTime = got.filter((k) => k !== lastResort);
    expect(new Set(oneTime).size).toBe(5);
    expect([...oneTime].sort()).toEqual([...packages].sort());
    expect(got.filter((k) => k === lastResort)).toHaveLength(15);
    expect((await http().get("/api/e2e/key-packages/count", { token: target.token })).body).toEqual({ available: 0 });
    // The last-resort package is kept for later claims.
    const later = await http().post("/api/e2e/key-packages/claim", { user_ids: [target.id] }, { token: member.token });
    expect(later.body.key_packages).toEqual([{ user_id: target.id, device_id: target.deviceId, key_package: lastResort }]);
  });

  it("gives one package per active device, leaves out users sharing no space, the caller's device and revoked sessions", async () => {
    const target = await registerUser(server.url);
    await insertMember(server.platform.db, space.id, target.id);
    const second = await loginAgain(target);
    const third = await loginAgain(target);
    const kpA = blob("dev-a"),
      kpB = blob("dev-b"),
      kpC = blob("dev-c");
    await http().post("/api/e2e/key-packages", { key_packages: [kpA] }, { token: target.token });
    await http().post("/api/e2e/key-packages", { key_packages: [kpB] }, { token: second.token });
    await http().post("/api/e2e/key-packages", { key_packages: [kpC] }, { token: third.token });
    // The third device logs out: its package must never be handed out.
    expect((await http().post("/api/auth/logout", {}, { token: third.token })).status).toBe(200);
    await http().post("/api/e2e/key-packages", { key_packages: [blob("outsider")] }, { token: outsider.token });

    const res = await http().post(
      "/api/e2e/key-packages/claim",
      { user_ids: [target.id, outsider.id, target.id] },
      { token: member.token },
    );
    expect(res.status).toBe(200);
    const byDevice = Object.fromEntries(res.body.key_packages.map((k: any) => [k.device_id, k.key_package]));
    expect(byDevice).toEqual({ [target.deviceId]: kpA, [second.deviceId]: kpB });

    // A user's own other device is claimable; the calling device is not.
    await http().post("/api/e2e/key-packages", { key_packages: [blob("own-a")] }, { token: target.token });
    const own = await http().post("/api/e2e/key-packages/claim", { user_ids: [target.id] }, { token: second.token });
    expect(own.body.key_packages.map((k: any) => k.device_id)).toEqual([target.deviceId]);
    // The revoked device's packages are gone from the table, too (dropped when the revocation is announced).
    await expect
      .poll(async () => Number((await server.platform.db("e2e_key_packages").where({ device_id: third.deviceId }).count({ n: "*" }))[0]!.n))
      .toBe(0);
  });
});

describe("channel groups and commits", () => {
  const commitsPath = () => `/api/e2e/channels/${space.generalId}/commits`;
  const commit = (u: { token: string }, epoch: number, extra: Record<string, unknown> = {}, path = commitsPath()) =>
    http().post(path, { epoch, commit: blob("commit"), group_info: blob("gi"), ...extra }, { token: u.token });

  it("starts at epoch 0 with no GroupInfo; only space members see it (404 otherwise)", async () => {
    const fresh = await insertSpace(server.platform.db, owner.id);
    expect((await http().get(`/api/e2e/channels/${fresh.generalId}/group`, { token: owner.token })).body).toEqual({
      epoch: 0,
      group_info: null,
    });
    for (const p of [`/api/e2e/channels/${fresh.generalId}/group`, `/api/e2e/channels/${fresh.generalId}/commits`]) {
      expect(await http().get(p, { token: outsider.token })).toMatchObject({ status: 404, body: { detail: "channel not found" } });
    }
    expect((await commit(outsider, 0, {}, `/api/e2e/channels/${fresh.generalId}/commits`)).status).toBe(404);
    expect((await http().get(`/api/e2e/channels/00000000-0000-7000-8000-000000000000/group`, { token: owner.token })).status).toBe(404);
    expect((await http().get(`/api/e2e/channels/not-a-uuid/group`, { token: owner.token })).status).toBe(422);
  });

  it("orders commits: the current epoch wins and moves on, others get 409 stale epoch with the current epoch", async () => {
    const s = await insertSpace(server.platform.db, owner.id);
    const p = `/api/e2e/channels/${s.generalId}/commits`;
    const gi1 = blob("gi-1");
    const first = await http().post(p, { epoch: 0, commit: blob("c1"), group_info: gi1 }, { token: owner.token });
    expect(first).toMatchObject({ status: 200, body: { epoch: 1 } });
    expect((await http().get(`/api/e2e/channels/${s.generalId}/group`, { token: owner.token })).body).toEqual({
      epoch: 1,
      group_info: gi1,
    });
    expect(await commit(owner, 0, {}, p)).toMatchObject({ status: 409, body: { detail: "stale epoch", epoch: 1 } });
    expect(await commit(owner, 7, {}, p)).toMatchObject({ status: 409, body: { detail: "stale epoch", epoch: 1 } });
    expect((await commit(owner, 1, {}, p)).body).toEqual({ epoch: 2 });
    const ok = { epoch: 2, commit: blob("c"), group_info: blob("g") };
    for (const bad of [
      { ...ok, epoch: -1 },
      { ...ok, epoch: "2" },
      { ...ok, commit: "" },
      { ...ok, commit: "***" },
      { ...ok, group_info: "A".repeat(262145) },
      { epoch: 2, commit: blob("c") },
      { ...ok, welcome: blob("w"), welcome_device_ids: ["not-a-uuid"] },
    ]) {
      expect((await http().post(p, bad, { token: owner.token })).status, JSON.stringify(bad).slice(0, 60)).toBe(422);
    }
  });

  it("10 concurrent commits at the same epoch: one 200, nine 409 with the current epoch", async () => {
    const s = await insertSpace(server.platform.db, owner.id);
    const p = `/api/e2e/channels/${s.generalId}/commits`;
    for (const start of [0, 1]) {
      const results = await Promise.all(Array.from({ length: 10 }, () => commit(owner, start, {}, p)));
      expect(results.filter((r) => r.status === 200).map((r) => r.body)).toEqual([{ epoch: start + 1 }]);
      const lost = results.filter((r) => r.status === 409);
      expect(lost).toHaveLength(9);
      for (const r of lost) expect(r.body).toEqual({ detail: "stale epoch", epoch: start + 1 });
    }
    const [{ n: stored }] = (await server.platform.db("e2e_commits").where({ channel_id: s.generalId }).count({ n: "*" })) as [
      { n: string | number },
    ];
    expect(Number(stored)).toBe(2);
  });

  it("lists the commits after an epoch in order, with their sender device", async () => {
    const s = await insertSpace(server.platform.db, owner.id);
    const p = `/api/e2e/channels/${s.generalId}/commits`;
    const sent: string[] = [];
    for (let e = 0; e < 4; e++) {
      const c = blob(`c${e}`);
      sent.push(c);
      expect((await http().post(p, { epoch: e, commit: c, group_info: blob("g") }, { token: owner.token })).status).toBe(200);
    }
    const all = await http().get(`${p}?since=0`, { token: owner.token });
    expect(all.body.commits.map((c: any) => [c.epoch, c.commit, c.sender_device_id])).toEqual(
      sent.map((c, i) => [i + 1, c, owner.deviceId]),
    );
    const tail = await http().get(`${p}?since=2&limit=1`, { token: owner.token });
    expect(tail.body.commits.map((c: any) => c.epoch)).toEqual([3]);
    expect((await http().get(`${p}?since=-1`, { token: owner.token })).status).toBe(422);
    expect((await http().get(`${p}?limit=501`, { token: owner.token })).status).toBe(422);
  });

  it("fans the commit out to every member device and the welcome to the named devices only, also from another server", async () => {
    const s = await insertSpace(server.platform.db, owner.id);
    await insertMember(server.platform.db, s.id, member.id);
    second = await startTestServer({ env: { DATABASE_URL: server.env.DATABASE_URL!, REDIS_URL: server.env.REDIS_URL! } });
    const memberSecond = await loginAgain(member, second.url);
    const sockets = await Promise.all([
      WsClient.ready(server.url, owner.token),
      WsClient.ready(second.url, member.token), // named in the welcome, on the other server
      WsClient.ready(server.url, memberSecond.token), // same user, another device: commit yes, welcome no
      WsClient.ready(second.url, outsider.token),
    ]);
    const [ownerWs, named, unnamed, out] = sockets.map((x) => x.client) as [WsClient, WsClient, WsClient, WsClient];
    const c = blob("fan-commit");
    const w = blob("fan-welcome");
    const res = await http().post(
      `/api/e2e/channels/${s.generalId}/commits`,
      { epoch: 0, commit: c, group_info: blob("g"), welcome: w, welcome_device_ids: [member.deviceId, outsider.deviceId] },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    const commitFrame = { type: "e2e:commit", channel_id: s.generalId, epoch: 1, commit: c, sender_device_id: owner.deviceId };
    for (const ws of [ownerWs, named, unnamed])
      expect(await ws.next((f) => f.type === "e2e:commit" && f.channel_id === s.generalId)).toEqual(commitFrame);
    expect(await named.next((f) => f.type === "e2e:welcome")).toEqual({
      type: "e2e:welcome",
      channel_id: s.generalId,
      epoch: 1,
      welcome: w,
    });
    // Barriers: later frames down the same paths (user channel, then space channel) to the two sockets that must
    // have heard nothing; once those arrive, a stray frame of the fan-out above would have arrived before them.
    const unnamedWelcome = await http().post(
      `/api/e2e/channels/${s.generalId}/commits`,
      { epoch: 1, commit: blob("barrier"), group_info: blob("g"), welcome: blob("barrier"), welcome_device_ids: [memberSecond.deviceId] },
      { token: owner.token },
    );
    expect(unnamedWelcome.status).toBe(200);
    const own = await http().post(
      `/api/e2e/channels/${outsiderSpace.generalId}/commits`,
      { epoch: 0, commit: blob("barrier"), group_info: blob("g"), welcome: blob("barrier"), welcome_device_ids: [outsider.deviceId] },
      { token: outsider.token },
    );
    expect(own.status).toBe(200);
    await unnamed.next((f) => f.type === "e2e:welcome");
    await out.next((f) => f.type === "e2e:welcome");
    await out.next((f) => f.type === "e2e:commit");
    expect(unnamed.ofType("e2e:welcome").map((f) => f.epoch)).toEqual([2]);
    expect(out.frames.filter((f) => String(f.type).startsWith("e2e:") && f.channel_id !== outsiderSpace.generalId)).toEqual([]);
    for (const ws of [ownerWs, named, unnamed, out]) ws.close();
  });

  it("tells members about joins, leaves and kicks with e2e:membership frames", async () => {
    const s = await insertSpace(server.platform.db, owner.id, { visibility: "public" });
    const joiner = await registerUser(server.url);
    const { client: ws } = await WsClient.ready(server.url, owner.token);
    expect((await http().post(`/api/spaces/${s.id}/join`, undefined, { token: joiner.token })).status).toBe(200);
    expect(await ws.next((f) => f.type === "e2e:membership" && f.change === "joined")).toEqual({
      type: "e2e:membership",
      space_id: s.id,
      user_id: joiner.id,
      change: "joined",
    });
    expect((await http().post(`/api/spaces/${s.id}/leave`, undefined, { token: joiner.token })).status).toBe(204);
    expect(await ws.next((f) => f.type === "e2e:membership" && f.change === "left")).toEqual({
      type: "e2e:membership",
      space_id: s.id,
      user_id: joiner.id,
      change: "left",
    });
    await http().post(`/api/spaces/${s.id}/join`, undefined, { token: joiner.token });
    const memberId = (await server.platform.db("members").where({ space_id: s.id, user_id: joiner.id }).first()).id;
    expect((await http().del(`/api/spaces/${s.id}/members/${memberId}`, { token: owner.token })).status).toBe(204);
    expect(await ws.next((f) => f.type === "e2e:membership" && f.change === "kicked")).toEqual({
      type: "e2e:membership",
      space_id: s.id,
      user_id: joiner.id,
      change: "kicked",
    });
    ws.close();
  });

  it("never logs the blobs", () => {
    expect(server.logs()).not.toMatch(/fan-commit|fan-welcome/);
    expect(server.logs()).not.toContain(b64("fan-welcome").slice(0, 12));
  });
});
