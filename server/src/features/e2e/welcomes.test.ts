// Welcomes kept for offline devices (docs/e2e.md#welcomes): each Welcome of an accepted commit is kept once
// with the devices it names (members' active sessions only), answered once to each of them by POST
// /api/e2e/welcomes/claim (newest first, 20 a claim) and deleted when all have it; one older than 30 days is never
// answered. GET …/commits pages stop at 4 MiB.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { api } from "../../../../test/helpers/http.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";

let server: TestServer;
let owner: TestUser, member: TestUser, outsider: TestUser;
let space: Awaited<ReturnType<typeof insertSpace>>;
let n = 0;
const blob = (tag: string) => Buffer.from(`${tag}-${++n}-${"x".repeat(40)}`).toString("base64");
const http = () => api(server.url);
const claim = (u: { token: string }) => http().post("/api/e2e/welcomes/claim", undefined, { token: u.token });

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "warn" } });
  [owner, member, outsider] = (await Promise.all([1, 2, 3].map(() => registerUser(server.url)))) as [TestUser, TestUser, TestUser];
  space = await insertSpace(server.platform.db, owner.id);
  await insertMember(server.platform.db, space.id, member.id);
});
afterAll(() => server?.stop());

const commit = (epoch: number, channelId: string, welcome: string, deviceIds: string[], body = blob("c")) =>
  http().post(
    `/api/e2e/channels/${channelId}/commits`,
    { epoch, commit: body, group_info: blob("gi"), welcome, welcome_device_ids: deviceIds },
    { token: owner.token },
  );

/** A second device session of `u`. */
const secondDevice = async (u: TestUser) => {
  const res = await http().post("/api/auth/login", { login: u.username, password: u.password });
  return { token: res.body.access_token as string, deviceId: res.body.device_id as string };
};

describe("POST /api/e2e/welcomes/claim", () => {
  it("answers the device's kept Welcomes once, newest first; other devices and non-members get none", async () => {
    const second = await http().post("/api/auth/login", { login: member.username, password: member.password });
    const secondDevice = { token: second.body.access_token as string };
    const w1 = blob("welcome");
    const w2 = blob("welcome");
    expect((await commit(0, space.generalId, w1, [member.deviceId, outsider.deviceId])).status).toBe(200);
    expect((await commit(0, space.voiceId, w2, [member.deviceId])).status).toBe(200);

    const res = await claim(member);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { channel_id: space.voiceId, epoch: 1, welcome: w2, created_at: expect.stringMatching(/Z$/) },
      { channel_id: space.generalId, epoch: 1, welcome: w1, created_at: expect.stringMatching(/Z$/) },
    ]);
    expect((await claim(member)).body).toEqual([]);
    expect((await claim(secondDevice)).body).toEqual([]);
    // The outsider shares no space: never a recipient.
    expect((await claim(outsider)).body).toEqual([]);
    expect((await http().post("/api/e2e/welcomes/claim")).status).toBe(401);
  });

  it("never answers a Welcome kept for more than 30 days", async () => {
    const fresh = await insertSpace(server.platform.db, owner.id);
    await insertMember(server.platform.db, fresh.id, member.id);
    expect((await commit(0, fresh.generalId, blob("old"), [member.deviceId])).status).toBe(200);
    await server.platform
      .db("e2e_welcomes")
      .where({ channel_id: fresh.generalId })
      .update({ created_at: server.platform.db.raw("now() - interval '31 days'") });
    expect((await claim(member)).body).toEqual([]);
  });
});

describe("Welcomes are stored once", () => {
  it("a commit naming several devices keeps one Welcome with its recipients; it is deleted once each of them has claimed it", async () => {
    const fresh = await insertSpace(server.platform.db, owner.id);
    await insertMember(server.platform.db, fresh.id, member.id);
    const second = await secondDevice(member);
    const w = blob("welcome");
    expect((await commit(0, fresh.generalId, w, [member.deviceId, second.deviceId, member.deviceId])).status).toBe(200);
    const db = server.platform.db;
    const kept = () => db("e2e_welcomes").where({ channel_id: fresh.generalId }).pluck("welcome");
    expect(await kept()).toEqual([w]);
    const recipients = await db("e2e_welcome_recipients as r")
      .join("e2e_welcomes as w", "w.id", "r.welcome_id")
      .where("w.channel_id", fresh.generalId)
      .pluck("r.device_id");
    expect(recipients.sort()).toEqual([member.deviceId, second.deviceId].sort());

    expect((await claim(member)).body).toMatchObject([{ channel_id: fresh.generalId, welcome: w }]);
    expect(await kept()).toEqual([w]);
    expect((await claim(second)).body).toMatchObject([{ channel_id: fresh.generalId, welcome: w }]);
    expect(await kept()).toEqual([]);
    expect((await claim(second)).body).toEqual([]);
  });

  it("answers 20 Welcomes a claim, newest first, and the next claim the rest", async () => {
    const fresh = await insertSpace(server.platform.db, owner.id);
    await insertMember(server.platform.db, fresh.id, member.id);
    const device = await secondDevice(member);
    const sent: string[] = [];
    for (let epoch = 0; epoch < 25; epoch++) {
      sent.push(blob("welcome"));
      expect((await commit(epoch, fresh.generalId, sent[epoch]!, [device.deviceId])).status).toBe(200);
    }
    const first = await claim(device);
    expect(first.body.map((x: { welcome: string }) => x.welcome)).toEqual(sent.slice(5).reverse());
    expect(first.body.map((x: { epoch: number }) => x.epoch)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect((await claim(device)).body.map((x: { welcome: string }) => x.welcome)).toEqual(sent.slice(0, 5).reverse());
    expect((await claim(device)).body).toEqual([]);
  });
});

describe("GET /api/e2e/channels/{channel_id}/commits", () => {
  it("stops adding commits once the body would pass 4 MiB; asking again with since gives the rest", async () => {
    const fresh = await insertSpace(server.platform.db, owner.id);
    const big = () => Buffer.alloc(196_608, ++n).toString("base64"); // 262,144 characters, the largest commit
    for (let epoch = 0; epoch < 20; epoch++) {
      const res = await http().post(
        `/api/e2e/channels/${fresh.generalId}/commits`,
        { epoch, commit: big(), group_info: blob("gi") },
        { token: owner.token },
      );
      expect(res.status).toBe(200);
    }
    const page = async (since: number) => {
      const res = await fetch(`${server.url}/api/e2e/channels/${fresh.generalId}/commits?since=${since}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4 * 1024 * 1024);
      return (JSON.parse(text).commits as { epoch: number }[]).map((c) => c.epoch);
    };
    const first = await page(0);
    expect(first).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(await page(15)).toEqual([16, 17, 18, 19, 20]);
  }, 60_000);
});
