// Welcomes kept for offline devices (CONTRACT 12, issue 21 item 6): each Welcome of an accepted commit is kept for
// every device it names (members' active sessions only), answered once to that device by POST
// /api/e2e/welcomes/claim (newest first) and then gone; one older than 30 days is never answered.
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

const commit = (epoch: number, channelId: string, welcome: string, deviceIds: string[]) =>
  http().post(
    `/api/e2e/channels/${channelId}/commits`,
    { epoch, commit: blob("c"), group_info: blob("gi"), welcome, welcome_device_ids: deviceIds },
    { token: owner.token },
  );

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
