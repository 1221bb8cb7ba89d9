// Spaces through HTTP against PostgreSQL + Redis: lifecycle, invite codes, directory,
// joining, join requests, leaving, audit rows and the domain events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api, call } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import type { SpaceEvent } from "./events.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let alice: TestUser, bob: TestUser, carol: TestUser;
const events: SpaceEvent[] = [];

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
  for (const t of ["member.joined", "member.left", "space.deleted"] as const) server.spaceEvents.on(t, (e) => void events.push(e));
  [alice, bob, carol] = await Promise.all([registerUser(server.url), registerUser(server.url), registerUser(server.url)]);
});
afterAll(() => server?.stop());

const create = (u: TestUser, body: Record<string, unknown>) => http.post("/api/spaces", body, { token: u.token });
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("create, read, change, delete", () => {
  it("creates a private space by default, the creator as owner, with general and voice channels", async () => {
    const res = await create(alice, { name: "Book Club" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Book Club",
      description: "",
      visibility: "private",
      owner_id: alice.id,
      member_count: 1,
      my_role: "owner",
    });
    expect(res.body.invite_code).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(res.body.created_at).toMatch(ISO);
    expect(res.body.last_activity_at).toMatch(ISO);
    const channels = await http.get(`/api/spaces/${res.body.id}/channels`, { token: alice.token });
    expect(channels.body.map((c: { name: string; type: string }) => [c.name, c.type])).toEqual([
      ["general", "text"],
      ["voice", "voice"],
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "member.joined", spaceId: res.body.id, userId: alice.id, role: "owner" }),
    );
  });

  it("lists the caller's spaces on / and /my, newest joined first", async () => {
    const u = await registerUser(server.url);
    const a = (await create(u, { name: "first" })).body;
    const b = (await create(u, { name: "second", visibility: "public" })).body;
    for (const path of ["/api/spaces", "/api/spaces/my"]) {
      const res = await http.get(path, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
      expect(res.body[0]).toEqual(b);
    }
  });

  it("shows the invite code to members only, and hides a private space from outsiders (404)", async () => {
    const pub = (await create(alice, { name: "open house", visibility: "public" })).body;
    const outsider = await http.get(`/api/spaces/${pub.id}`, { token: bob.token });
    expect(outsider.status).toBe(200);
    expect(outsider.body).toMatchObject({ invite_code: null, my_role: null });
    const priv = (await create(alice, { name: "secret" })).body;
    for (const path of ["", "/members", "/channels", "/audit-log", "/requests"]) {
      const res = await http.get(`/api/spaces/${priv.id}${path}`, { token: bob.token });
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toBe("space not found");
    }
    expect((await http.get(`/api/spaces/${crypto.randomUUID()}`, { token: bob.token })).status).toBe(404);
  });

  it("updates name, description, visibility (admin+), regenerates the invite code, and audits it", async () => {
    const s = (await create(alice, { name: "old", description: "d" })).body;
    const res = await http.patch(
      `/api/spaces/${s.id}`,
      { name: "new", visibility: "public", regenerate_invite_code: true },
      { token: alice.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "new", description: "d", visibility: "public" });
    expect(res.body.invite_code).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(res.body.invite_code).not.toBe(s.invite_code);
    expect((await http.post(`/api/spaces/join/${s.invite_code}`, undefined, { token: bob.token })).status).toBe(404);
    expect((await http.get(`/api/spaces/preview/${res.body.invite_code}`)).body.name).toBe("new");
    const log = await http.get(`/api/spaces/${s.id}/audit-log`, { token: alice.token });
    expect(log.body[0]).toMatchObject({
      action: "space.update",
      actor_id: alice.id,
      space_id: s.id,
      target_type: "space",
      target_id: s.id,
    });
    expect(JSON.stringify(log.body)).not.toContain(res.body.invite_code);
  });

  it("deletes (owner only): 204, then 404, with a space.deleted event and an audit row", async () => {
    const s = (await create(alice, { name: "doomed", visibility: "public" })).body;
    await http.post(`/api/spaces/${s.id}/join`, undefined, { token: bob.token });
    const byBob = await http.del(`/api/spaces/${s.id}`, { token: bob.token });
    expect(byBob.status).toBe(403);
    expect(byBob.body.detail).toBe("only the owner can delete the space");
    expect((await http.del(`/api/spaces/${s.id}`, { token: alice.token })).status).toBe(204);
    expect((await http.get(`/api/spaces/${s.id}`, { token: alice.token })).status).toBe(404);
    const ev = events.find((e) => e.type === "space.deleted" && e.spaceId === s.id);
    expect(ev).toMatchObject({ actorId: alice.id });
    expect(ev?.type === "space.deleted" && ev.memberUserIds.sort()).toEqual([alice.id, bob.id].sort());
    const rows = await server.platform.db("audit_log").where({ space_id: s.id, action: "space.delete" });
    expect(rows).toHaveLength(1);
  });

  it("answers 422 for bad bodies and non-UUID ids", async () => {
    for (const body of [
      {},
      { name: "" },
      { name: "x".repeat(101) },
      { name: "a", visibility: "secret" },
      { name: "a", description: "d".repeat(1001) },
    ]) {
      const res = await create(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].location).toBe("body");
    }
    const bad = await http.get("/api/spaces/not-a-uuid", { token: alice.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ location: "path" });
    expect((await http.post("/api/spaces/requests/nope/approve", undefined, { token: alice.token })).status).toBe(422);
  });

  it("answers 401 not authenticated without a token", async () => {
    const res = await http.get("/api/spaces/my");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "not authenticated" });
  });
});

describe("preview and public info (no authentication)", () => {
  it("previews by invite code for either visibility; public-info only for public spaces", async () => {
    const priv = (await create(alice, { name: "hidden", description: "shh" })).body;
    const pub = (await create(alice, { name: "shown", visibility: "public" })).body;
    const p = await http.get(`/api/spaces/preview/${priv.invite_code}`);
    expect(p.status).toBe(200);
    expect(p.body).toEqual({
      id: priv.id,
      name: "hidden",
      description: "shh",
      visibility: "private",
      member_count: 1,
      created_at: priv.created_at,
    });
    expect((await http.get("/api/spaces/preview/ZZZZZZZZZZ")).status).toBe(404);
    const info = await http.get(`/api/spaces/${pub.id}/public-info`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      id: pub.id,
      name: "shown",
      description: "",
      visibility: "public",
      member_count: 1,
      created_at: pub.created_at,
    });
    expect((await http.get(`/api/spaces/${priv.id}/public-info`)).status).toBe(404);
    expect((await http.get(`/api/spaces/${crypto.randomUUID()}/public-info`)).status).toBe(404);
  });
});

describe("joining and leaving", () => {
  it("joins a public space idempotently and counts once", async () => {
    const s = (await create(alice, { name: "pub", visibility: "public" })).body;
    const first = await http.post(`/api/spaces/${s.id}/join`, undefined, { token: bob.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: s.id, member_count: 2, my_role: "member" });
    expect(first.body.invite_code).toBe(s.invite_code);
    const again = await http.post(`/api/spaces/${s.id}/join`, undefined, { token: bob.token });
    expect(again.status).toBe(200);
    expect(again.body.member_count).toBe(2);
    expect(events.filter((e) => e.type === "member.joined" && e.spaceId === s.id && e.userId === bob.id)).toHaveLength(1);
  });

  it("refuses a direct join of a private space (403 space is private), 404 for an unknown one", async () => {
    const s = (await create(alice, { name: "priv" })).body;
    const res = await http.post(`/api/spaces/${s.id}/join`, undefined, { token: bob.token });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("space is private");
    expect((await http.post(`/api/spaces/${crypto.randomUUID()}/join`, undefined, { token: bob.token })).status).toBe(404);
  });

  it("joins by invite code and by its alias, for private and public spaces", async () => {
    const priv = (await create(alice, { name: "by invite" })).body;
    const a = await http.post(`/api/spaces/join/${priv.invite_code}`, undefined, { token: bob.token });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ id: priv.id, my_role: "member", member_count: 2 });
    const b = await http.post(`/api/spaces/join/invite/${priv.invite_code}`, undefined, { token: carol.token });
    expect(b.status).toBe(200);
    expect(b.body.member_count).toBe(3);
    expect((await http.post(`/api/spaces/join/invite/${priv.invite_code}`, undefined, { token: carol.token })).body.member_count).toBe(3);
    const bad = await http.post("/api/spaces/join/nope", undefined, { token: bob.token });
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe("invalid invite code");
  });

  it("leaves (204, count down, member.left with reason left); the owner cannot leave", async () => {
    const s = (await create(alice, { name: "leavable", visibility: "public" })).body;
    await http.post(`/api/spaces/${s.id}/join`, undefined, { token: bob.token });
    expect((await http.post(`/api/spaces/${s.id}/leave`, undefined, { token: bob.token })).status).toBe(204);
    expect((await http.get(`/api/spaces/${s.id}`, { token: alice.token })).body.member_count).toBe(1);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "member.left", spaceId: s.id, userId: bob.id, reason: "left", actorId: null }),
    );
    const owner = await http.post(`/api/spaces/${s.id}/leave`, undefined, { token: alice.token });
    expect(owner.status).toBe(400);
    expect(owner.body.detail).toBe("owner cannot leave; transfer ownership or delete the space");
    expect((await http.post(`/api/spaces/${s.id}/leave`, undefined, { token: bob.token })).status).toBe(403);
  });
});

describe("join requests", () => {
  it("creates a request with a message; a second pending one answers the first", async () => {
    const s = (await create(alice, { name: "club" })).body;
    const res = await http.post(`/api/spaces/${s.id}/request`, { message: "let me in" }, { token: bob.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      space_id: s.id,
      user_id: bob.id,
      username: bob.username,
      message: "let me in",
      status: "pending",
      resolved_at: null,
    });
    const again = await http.post(`/api/spaces/${s.id}/request`, { message: "again" }, { token: bob.token });
    expect(again.body).toEqual(res.body);
    const noBody = await http.post(`/api/spaces/${s.id}/request`, undefined, { token: carol.token });
    expect(noBody.status).toBe(200);
    expect(noBody.body.message).toBeNull();
    // The join-request body may also be a literal JSON null
    const nullBody = await call(server.url, "POST", `/api/spaces/${s.id}/request`, { raw: "null", token: carol.token });
    expect(nullBody.status).toBe(200);
    expect(nullBody.body.request_id).toBe(noBody.body.request_id);
    const list = await http.get(`/api/spaces/${s.id}/requests`, { token: alice.token });
    expect(list.body.map((r: { request_id: string }) => r.request_id)).toEqual([noBody.body.request_id, res.body.request_id]);
    expect((await http.post(`/api/spaces/${s.id}/request`, { message: "m".repeat(501) }, { token: bob.token })).status).toBe(422);
  });

  it("refuses a request to a public space (400) and to an unknown space (404)", async () => {
    const s = (await create(alice, { name: "pub", visibility: "public" })).body;
    expect((await http.post(`/api/spaces/${s.id}/request`, {}, { token: bob.token })).status).toBe(400);
    expect((await http.post(`/api/spaces/${crypto.randomUUID()}/request`, {}, { token: bob.token })).status).toBe(404);
  });

  it("approve makes the requester a member; reject answers a message; both audited", async () => {
    const s = (await create(alice, { name: "gated" })).body;
    const rb = (await http.post(`/api/spaces/${s.id}/request`, {}, { token: bob.token })).body;
    const rc = (await http.post(`/api/spaces/${s.id}/request`, {}, { token: carol.token })).body;
    expect((await http.post(`/api/spaces/requests/${rb.request_id}/approve`, undefined, { token: carol.token })).status).toBe(404);
    const ok = await http.post(`/api/spaces/requests/${rb.request_id}/approve`, undefined, { token: alice.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ request_id: rb.request_id, status: "approved" });
    expect(ok.body.resolved_at).toMatch(ISO);
    expect((await http.get(`/api/spaces/${s.id}`, { token: bob.token })).body).toMatchObject({ my_role: "member", member_count: 2 });
    // bob is a plain member now: approving is for admins
    const byMember = await http.post(`/api/spaces/requests/${rc.request_id}/reject`, undefined, { token: bob.token });
    expect(byMember.status).toBe(403);
    const rej = await http.post(`/api/spaces/requests/${rc.request_id}/reject`, undefined, { token: alice.token });
    expect(rej.status).toBe(200);
    expect(rej.body).toEqual({ message: "join request rejected" });
    expect((await http.post(`/api/spaces/requests/${rc.request_id}/approve`, undefined, { token: alice.token })).status).toBe(400);
    expect((await http.get(`/api/spaces/${s.id}/requests`, { token: alice.token })).body).toEqual([]);
    const log = (await http.get(`/api/spaces/${s.id}/audit-log`, { token: alice.token })).body;
    expect(log.map((r: { action: string }) => r.action)).toEqual(["join_request.reject", "join_request.approve"]);
    expect((await http.post(`/api/spaces/requests/${crypto.randomUUID()}/approve`, undefined, { token: alice.token })).status).toBe(404);
  });
});

describe("discover and search", () => {
  it("discovers public spaces only, by members, activity or created, with limit and offset", async () => {
    const u = await registerUser(server.url);
    const tag = `disc${Date.now()}`;
    const a = (await create(u, { name: `${tag} a`, visibility: "public" })).body;
    const b = (await create(u, { name: `${tag} b`, visibility: "public" })).body;
    const hidden = (await create(u, { name: `${tag} hidden` })).body;
    for (const x of [alice, bob, carol]) await http.post(`/api/spaces/${a.id}/join`, undefined, { token: x.token });
    const all = (await http.get("/api/spaces/discover?limit=100", { token: bob.token })).body as {
      id: string;
      member_count: number;
      is_member: boolean;
    }[];
    expect(all.some((s) => s.id === hidden.id)).toBe(false);
    expect(all.map((s) => s.member_count)).toEqual([...all.map((s) => s.member_count)].sort((x, y) => y - x));
    expect(all.find((s) => s.id === a.id)).toMatchObject({ is_member: true, member_count: 4 });
    expect(all.find((s) => s.id === b.id)).toMatchObject({ is_member: false });
    const created = (await http.get("/api/spaces/discover?sort_by=created&limit=2", { token: bob.token })).body;
    expect(created.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    const activity = (await http.get("/api/spaces/discover?sort_by=activity&limit=1", { token: bob.token })).body;
    expect(activity[0].id).toBe(a.id); // the joins made it the most recently active
    const page2 = (await http.get("/api/spaces/discover?sort_by=created&limit=1&offset=1", { token: bob.token })).body;
    expect(page2[0].id).toBe(a.id);
    expect(Object.keys(created[0]).sort()).toEqual([
      "created_at",
      "description",
      "id",
      "is_member",
      "last_activity_at",
      "member_count",
      "name",
    ]);
  });

  it("answers 422 for an unknown sort_by and out-of-range limit or offset", async () => {
    for (const q of ["sort_by=name", "limit=0", "limit=101", "offset=-1", "limit=abc"]) {
      const res = await http.get(`/api/spaces/discover?${q}`, { token: bob.token });
      expect(res.status, q).toBe(422);
      expect(res.body.errors[0].location).toBe("query");
    }
    for (const q of ["", "q=", "q=x&limit=0", "q=x&limit=101"])
      expect((await http.get(`/api/spaces/search?${q}`, { token: bob.token })).status, q).toBe(422);
  });

  it("searches public spaces and the caller's own, case-insensitively, with literal % and _", async () => {
    const tag = `Srch${Date.now()}`;
    const pub = (await create(alice, { name: `The ${tag} Lounge`, visibility: "public" })).body;
    const mine = (await create(bob, { name: `bob's ${tag.toLowerCase()} den` })).body;
    const theirs = (await create(alice, { name: `alice ${tag} private` })).body;
    const res = await http.get(`/api/spaces/search?q=${tag.toUpperCase()}`, { token: bob.token });
    expect(res.status).toBe(200);
    const ids = res.body.map((s: { id: string }) => s.id);
    expect(ids).toContain(pub.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.body.find((s: { id: string }) => s.id === mine.id)).toMatchObject({ visibility: "private", is_member: true });
    expect(res.body.find((s: { id: string }) => s.id === pub.id)).toMatchObject({ visibility: "public", is_member: false });
    expect((await http.get(`/api/spaces/search?q=${tag}&limit=1`, { token: bob.token })).body).toHaveLength(1);
    expect((await http.get(`/api/spaces/search?q=${encodeURIComponent(tag + "%")}`, { token: bob.token })).body).toEqual([]);
  });
});
