// The permission matrix of spaces (spec/spaces/): every space endpoint called as owner, admin, moderator,
// member, non-member and anonymous, with the exact status each must get. Each call gets fresh state, so
// one row's success never changes what the next row sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";
import { newId } from "../../platform/ids.ts";

type Caller = "owner" | "admin" | "moderator" | "member" | "outsider" | "anonymous";
const CALLERS: Caller[] = ["owner", "admin", "moderator", "member", "outsider", "anonymous"];

let server: TestServer;
let http: ReturnType<typeof api>;
let users: Record<Exclude<Caller, "anonymous">, TestUser>;
let requester: TestUser;
let spare: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
  const [owner, admin, moderator, member, outsider, req, sp] = await Promise.all(Array.from({ length: 7 }, () => registerUser(server.url)));
  users = { owner: owner!, admin: admin!, moderator: moderator!, member: member!, outsider: outsider! };
  requester = req!;
  spare = sp!;
});
afterAll(() => server?.stop());

interface World {
  spaceId: string;
  inviteCode: string;
  memberIds: Record<Exclude<Caller, "outsider" | "anonymous">, string>;
  /** A plain member that is nobody's caller (the target of moderation from above). */
  targetMemberId: string;
  requestId: string;
  channelId: string;
}

/**
 * A fresh space with one user in each role, a spare plain member, a pending join request and a channel,
 * written straight to the database (the API that creates them is tested in spaces.test.ts).
 */
async function world(visibility: "public" | "private"): Promise<World> {
  const db = server.platform.db;
  const s = await insertSpace(db, users.owner.id, { visibility, name: "matrix" });
  const memberIds = {
    owner: s.ownerMemberId,
    admin: await insertMember(db, s.id, users.admin.id, "admin"),
    moderator: await insertMember(db, s.id, users.moderator.id, "moderator"),
    member: await insertMember(db, s.id, users.member.id, "member"),
  };
  const targetMemberId = await insertMember(db, s.id, spare.id, "member");
  const requestId = newId();
  if (visibility === "private") await db("join_requests").insert({ id: requestId, space_id: s.id, user_id: requester.id });
  const { invite_code } = await db("spaces").where({ id: s.id }).first();
  return { spaceId: s.id, inviteCode: invite_code, memberIds, targetMemberId, requestId, channelId: s.generalId };
}

interface Row {
  name: string;
  visibility?: "public" | "private";
  call: (w: World) => [method: "get" | "post" | "patch" | "del", path: string, body?: unknown];
  expect: Record<Caller, number>;
}

const M = (o: number, a: number, mo: number, me: number, out: number, anon = 401): Record<Caller, number> => ({
  owner: o,
  admin: a,
  moderator: mo,
  member: me,
  outsider: out,
  anonymous: anon,
});

// Outsiders: a private space answers 404 everywhere (it is not known to exist); a public one is known, so
// reading it is 200 and acting inside it is 403.
const ROWS: Row[] = [
  { name: "GET space (private)", call: (w) => ["get", `/api/spaces/${w.spaceId}`], expect: M(200, 200, 200, 200, 404) },
  {
    name: "GET space (public)",
    visibility: "public",
    call: (w) => ["get", `/api/spaces/${w.spaceId}`],
    expect: M(200, 200, 200, 200, 200),
  },
  { name: "PATCH space", call: (w) => ["patch", `/api/spaces/${w.spaceId}`, { name: "renamed" }], expect: M(200, 200, 403, 403, 404) },
  {
    name: "PATCH space (public)",
    visibility: "public",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}`, { name: "renamed" }],
    expect: M(200, 200, 403, 403, 403),
  },
  { name: "DELETE space", call: (w) => ["del", `/api/spaces/${w.spaceId}`], expect: M(204, 403, 403, 403, 404) },
  { name: "GET members", call: (w) => ["get", `/api/spaces/${w.spaceId}/members`], expect: M(200, 200, 200, 200, 404) },
  {
    name: "GET members (public)",
    visibility: "public",
    call: (w) => ["get", `/api/spaces/${w.spaceId}/members`],
    expect: M(200, 200, 200, 200, 403),
  },
  { name: "GET channels", call: (w) => ["get", `/api/spaces/${w.spaceId}/channels`], expect: M(200, 200, 200, 200, 404) },
  {
    name: "POST channel",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/channels`, { name: "new", type: "text" }],
    expect: M(201, 201, 403, 403, 404),
  },
  {
    name: "PATCH channel",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}/channels/${w.channelId}`, { topic: "t" }],
    expect: M(200, 200, 403, 403, 404),
  },
  { name: "DELETE channel", call: (w) => ["del", `/api/spaces/${w.spaceId}/channels/${w.channelId}`], expect: M(204, 204, 403, 403, 404) },
  { name: "GET audit-log", call: (w) => ["get", `/api/spaces/${w.spaceId}/audit-log`], expect: M(200, 200, 403, 403, 404) },
  { name: "GET requests", call: (w) => ["get", `/api/spaces/${w.spaceId}/requests`], expect: M(200, 200, 403, 403, 404) },
  { name: "approve request", call: (w) => ["post", `/api/spaces/requests/${w.requestId}/approve`], expect: M(200, 200, 403, 403, 404) },
  { name: "reject request", call: (w) => ["post", `/api/spaces/requests/${w.requestId}/reject`], expect: M(200, 200, 403, 403, 404) },
  { name: "join by id (private)", call: (w) => ["post", `/api/spaces/${w.spaceId}/join`], expect: M(200, 200, 200, 200, 403) },
  {
    name: "join by id (public)",
    visibility: "public",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/join`],
    expect: M(200, 200, 200, 200, 200),
  },
  { name: "join by invite", call: (w) => ["post", `/api/spaces/join/${w.inviteCode}`], expect: M(200, 200, 200, 200, 200) },
  { name: "join by invite alias", call: (w) => ["post", `/api/spaces/join/invite/${w.inviteCode}`], expect: M(200, 200, 200, 200, 200) },
  {
    name: "request (private)",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/request`, { message: "hi" }],
    expect: M(400, 400, 400, 400, 200),
  },
  {
    name: "request (public)",
    visibility: "public",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/request`, {}],
    expect: M(400, 400, 400, 400, 400),
  },
  { name: "leave", call: (w) => ["post", `/api/spaces/${w.spaceId}/leave`], expect: M(400, 204, 204, 204, 404) },
  {
    name: "kick a plain member",
    call: (w) => ["del", `/api/spaces/${w.spaceId}/members/${w.targetMemberId}`],
    expect: M(204, 204, 204, 403, 404),
  },
  {
    name: "kick the moderator",
    call: (w) => ["del", `/api/spaces/${w.spaceId}/members/${w.memberIds.moderator}`],
    expect: M(204, 204, 403, 403, 404),
  },
  {
    name: "kick the admin",
    call: (w) => ["del", `/api/spaces/${w.spaceId}/members/${w.memberIds.admin}`],
    expect: M(204, 403, 403, 403, 404),
  },
  {
    name: "kick the owner",
    call: (w) => ["del", `/api/spaces/${w.spaceId}/members/${w.memberIds.owner}`],
    expect: M(403, 403, 403, 403, 404),
  },
  {
    name: "role of a plain member",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}/members/${w.targetMemberId}/role`, { role: "moderator" }],
    expect: M(200, 200, 403, 403, 404),
  },
  {
    name: "role of the admin",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}/members/${w.memberIds.admin}/role`, { role: "member" }],
    expect: M(200, 403, 403, 403, 404),
  },
  {
    name: "role of the owner",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}/members/${w.memberIds.owner}/role`, { role: "admin" }],
    expect: M(403, 403, 403, 403, 404),
  },
  {
    name: "nickname of a plain member",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}/members/${w.targetMemberId}/nickname`, { nickname: "nick" }],
    expect: M(200, 200, 200, 403, 404),
  },
  {
    name: "own nickname",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}/members/${w.memberIds.member}/nickname`, { nickname: "me" }],
    expect: M(200, 200, 200, 200, 404),
  },
  {
    name: "display role of a plain member",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}/members/${w.targetMemberId}/display-role`, { display_role: "Scribe" }],
    expect: M(200, 200, 403, 403, 404),
  },
  {
    name: "own display role",
    call: (w) => ["patch", `/api/spaces/${w.spaceId}/members/${w.memberIds.moderator}/display-role`, { display_role: null }],
    expect: M(200, 200, 200, 403, 404),
  },
  {
    name: "mute a plain member",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/members/${w.targetMemberId}/mute`, { duration_seconds: 60 }],
    expect: M(200, 200, 200, 403, 404),
  },
  {
    name: "mute the moderator",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/members/${w.memberIds.moderator}/mute`, { duration_seconds: 60 }],
    expect: M(200, 200, 403, 403, 404),
  },
  {
    name: "mute the admin",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/members/${w.memberIds.admin}/mute`, { duration_seconds: 60 }],
    expect: M(200, 403, 403, 403, 404),
  },
  {
    name: "unmute a plain member",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/members/${w.targetMemberId}/unmute`],
    expect: M(200, 200, 200, 403, 404),
  },
  {
    name: "unmute the owner",
    call: (w) => ["post", `/api/spaces/${w.spaceId}/members/${w.memberIds.owner}/unmute`],
    expect: M(403, 403, 403, 403, 404),
  },
];

// "own ..." rows: every caller targets that same member id, so only the member itself (and those above it) pass.
// One test per row; the six callers run at once, each against its own fresh space.
describe.concurrent("permission matrix", () => {
  it.each(ROWS)("$name", async (row) => {
    const got = Object.fromEntries(
      await Promise.all(
        CALLERS.map(async (caller) => {
          const w = await world(row.visibility ?? "private");
          const [method, path, body] = row.call(w);
          const token = caller === "anonymous" ? undefined : users[caller].token;
          const res =
            method === "get" || method === "del" ? await http[method](path, { token }) : await http[method](path, body, { token });
          if (caller === "anonymous") expect(res.body).toEqual({ detail: "not authenticated" });
          return [caller, res.status] as const;
        }),
      ),
    );
    expect(got).toEqual(row.expect);
  });
});

describe("open endpoints", () => {
  it("preview and public-info need no token", async () => {
    const priv = await world("private");
    const pub = await world("public");
    expect((await http.get(`/api/spaces/preview/${priv.inviteCode}`)).status).toBe(200);
    expect((await http.get(`/api/spaces/${pub.spaceId}/public-info`)).status).toBe(200);
    expect((await http.get(`/api/spaces/${priv.spaceId}/public-info`)).status).toBe(404);
  });

  it("the caller-scoped lists answer anonymous callers 401", async () => {
    for (const [m, p] of [
      ["get", "/api/spaces"],
      ["get", "/api/spaces/my"],
      ["get", "/api/spaces/discover"],
      ["get", "/api/spaces/search?q=x"],
    ] as const) {
      const res = await http[m](p);
      expect(res.status, p).toBe(401);
      expect(res.body).toEqual({ detail: "not authenticated" });
    }
    expect((await http.post("/api/spaces", { name: "x" })).status).toBe(401);
  });
});
