// member_count and last_activity_at under concurrent joins and leaves; concurrent approvals of one request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { insertMember } from "../../../../test/helpers/fixtures.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;
let crowd: { id: string; token: string }[];

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
  owner = await registerUser(server.url);
  // Anonymous accounts: real users with real tokens, without 50 password hashes.
  crowd = await Promise.all(
    Array.from({ length: 50 }, async () => {
      const res = await http.post("/api/users/register", {});
      if (res.status !== 200) throw new Error(`anonymous register: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id as string, token: res.body.access_token as string };
    }),
  );
});
afterAll(() => server?.stop());

const countOf = async (spaceId: string) => (await server.platform.db("spaces").where({ id: spaceId }).first()).member_count;
const rowsOf = async (spaceId: string) =>
  Number((await server.platform.db("members").where({ space_id: spaceId }).count({ n: "*" }))[0]!.n);

describe("member_count stays exact", () => {
  it("50 parallel joins (each sent twice) give 50 new members, counted once each", async () => {
    const s = (await http.post("/api/spaces", { name: "rush", visibility: "public" }, { token: owner.token })).body;
    const before = s.last_activity_at;
    const res = await Promise.all([...crowd, ...crowd].map((u) => http.post(`/api/spaces/${s.id}/join`, undefined, { token: u.token })));
    expect(res.every((r) => r.status === 200)).toBe(true);
    expect(await countOf(s.id)).toBe(51);
    expect(await rowsOf(s.id)).toBe(51);
    const after = (await http.get(`/api/spaces/${s.id}`, { token: owner.token })).body;
    expect(after.member_count).toBe(51);
    expect(after.last_activity_at > before).toBe(true);
  });

  it("parallel leaves and joins, with repeats, never drift", async () => {
    const s = (await http.post("/api/spaces", { name: "churn", visibility: "public" }, { token: owner.token })).body;
    const stay = crowd.slice(0, 25),
      go = crowd.slice(25);
    await Promise.all(go.map((u) => http.post(`/api/spaces/${s.id}/join`, undefined, { token: u.token })));
    await Promise.all([
      ...go.flatMap((u) => [
        http.post(`/api/spaces/${s.id}/leave`, undefined, { token: u.token }),
        http.post(`/api/spaces/${s.id}/leave`, undefined, { token: u.token }),
      ]),
      ...stay.map((u) => http.post(`/api/spaces/join/${s.invite_code}`, undefined, { token: u.token })),
    ]);
    expect(await countOf(s.id)).toBe(await rowsOf(s.id));
    expect(await countOf(s.id)).toBe(26);
  });

  it("two admins approving the same request at once add exactly one member", async () => {
    const s = (await http.post("/api/spaces", { name: "gate" }, { token: owner.token })).body;
    const admin = crowd[0]!;
    await insertMember(server.platform.db, s.id, admin.id, "admin");
    for (let round = 0; round < 5; round++) {
      const requester = crowd[10 + round]!;
      const req = (await http.post(`/api/spaces/${s.id}/request`, {}, { token: requester.token })).body;
      const [a, b] = await Promise.all(
        [owner, admin].map((u) => http.post(`/api/spaces/requests/${req.request_id}/approve`, undefined, { token: u.token })),
      );
      expect([a!.status, b!.status]).toEqual([200, 200]);
      expect(a!.body.status).toBe("approved");
      expect(b!.body.status).toBe("approved");
      const rows = await server.platform.db("members").where({ space_id: s.id, user_id: requester.id });
      expect(rows).toHaveLength(1);
    }
    expect(await countOf(s.id)).toBe(await rowsOf(s.id));
    expect(await countOf(s.id)).toBe(7);
    const approvals = await server.platform.db("audit_log").where({ space_id: s.id, action: "join_request.approve" });
    expect(approvals).toHaveLength(5);
  });
});
