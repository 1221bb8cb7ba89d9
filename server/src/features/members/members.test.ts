// Members: the list with fresh presence, kick, roles, nickname, display role, mute
// with a duration that ends by itself, the audit rows and the member:joined/left frames.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { insertBot, insertMember, insertUser } from "../../../../test/helpers/fixtures.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";
import { ManualClock } from "../../../../test/helpers/clock.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
const clock = new ManualClock();
let owner: TestUser, admin: TestUser, mod: TestUser, bob: TestUser;

beforeAll(async () => {
  server = await startTestServer({ clock });
  http = api(server.url);
  [owner, admin, mod, bob] = (await Promise.all([0, 1, 2, 3].map(() => registerUser(server.url)))) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
});
afterAll(() => server?.stop());

/** A private space with an admin, a moderator and bob as a plain member; returns ids. */
async function space() {
  const s = (await http.post("/api/spaces", { name: "crew" }, { token: owner.token })).body;
  const join = (u: TestUser) => http.post(`/api/spaces/join/${s.invite_code}`, undefined, { token: u.token });
  await join(admin);
  await join(mod);
  await join(bob);
  const list = (await http.get(`/api/spaces/${s.id}/members`, { token: owner.token })).body as { member_id: string; user_id: string }[];
  const id = (u: TestUser) => list.find((m) => m.user_id === u.id)!.member_id;
  await http.patch(`/api/spaces/${s.id}/members/${id(admin)}/role`, { role: "admin" }, { token: owner.token });
  await http.patch(`/api/spaces/${s.id}/members/${id(mod)}/role`, { role: "moderator" }, { token: owner.token });
  return { id: s.id as string, inviteCode: s.invite_code as string, owner: id(owner), admin: id(admin), mod: id(mod), bob: id(bob) };
}

const path = (s: { id: string }, memberId: string, tail = "") => `/api/spaces/${s.id}/members/${memberId}${tail}`;
const auditActions = async (spaceId: string) =>
  (await http.get(`/api/spaces/${spaceId}/audit-log`, { token: owner.token })).body.map((r: { action: string }) => r.action);

describe("members pages", () => {
  it("pages by keyset: limit newest first, then before the last member_id, until a short page; presence read for the page only", async () => {
    const s = (await http.post("/api/spaces", { name: "pages" }, { token: owner.token })).body;
    for (let i = 0; i < 24; i++) await insertMember(server.platform.db, s.id, (await insertUser(server.platform.db)).id);
    const list = (query: string) => http.get(`/api/spaces/${s.id}/members${query}`, { token: owner.token });
    const all = (await list("")).body.map((m: { member_id: string }) => m.member_id);
    expect(all).toHaveLength(25);

    const mget = vi.spyOn(server.platform.kv, "mget");
    const first = await list("?limit=10");
    expect(first.body.map((m: { member_id: string }) => m.member_id)).toEqual(all.slice(0, 10));
    // One read of presence, of the page's members only (5 keys each).
    expect(mget).toHaveBeenCalledTimes(1);
    expect(mget.mock.calls[0]!.flat()).toHaveLength(50);
    mget.mockRestore();
    const second = await list(`?limit=10&before=${all[9]}`);
    expect(second.body.map((m: { member_id: string }) => m.member_id)).toEqual(all.slice(10, 20));
    const third = await list(`?limit=10&before=${all[19]}`);
    expect(third.body.map((m: { member_id: string }) => m.member_id)).toEqual(all.slice(20));

    // A page boundary survives the departure of the member it names.
    await server.platform.db("members").where({ id: all[9] }).delete();
    expect((await list(`?limit=10&before=${all[9]}`)).body.map((m: { member_id: string }) => m.member_id)).toEqual(all.slice(10, 20));

    for (const q of ["?limit=0", "?limit=1001", "?limit=x", "?before=nope"]) expect((await list(q)).status, q).toBe(422);
  });

  it("reads one index range per page: the plan uses the (space_id, joined_at, id) index", async () => {
    const s = (await http.post("/api/spaces", { name: "plan" }, { token: owner.token })).body;
    const plan = await server.platform.db.transaction(async (trx) => {
      // The test database is tiny: ask how the planner would read a large space's page.
      await trx.raw("SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off");
      const { rows } = await trx.raw("EXPLAIN SELECT id FROM members WHERE space_id = ? ORDER BY joined_at DESC, id DESC LIMIT 1000", [
        s.id,
      ]);
      return rows.map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan, plan).toContain("members_space_joined");
    expect(plan, plan).not.toContain("Sort");
  });
});

describe("members list", () => {
  it("lists members newest first with user fields, roles, is_bot and presence from one batched read", async () => {
    const s = await space();
    const bot = await insertBot(server.platform.db);
    await insertMember(server.platform.db, s.id, bot.id, "member");
    await server.presence.choose(bob.id, "dnd", "in a meeting");
    await server.presence.choose(mod.id, "invisible", null);
    const mget = vi.spyOn(server.platform.kv, "mget");
    const res = await http.get(`/api/spaces/${s.id}/members`, { token: owner.token });
    expect(mget).toHaveBeenCalledTimes(1);
    mget.mockRestore();
    expect(res.status).toBe(200);
    expect(res.body.map((m: { user_id: string }) => m.user_id)).toEqual([bot.id, bob.id, mod.id, admin.id, owner.id]);
    const byUser = Object.fromEntries(res.body.map((m: { user_id: string }) => [m.user_id, m]));
    expect(byUser[bob.id]).toMatchObject({
      member_id: s.bob,
      username: bob.username,
      display_name: null,
      nickname: null,
      role: "member",
      display_role: null,
      is_bot: false,
      muted_until: null,
      presence: { status: "dnd", custom_status: "in a meeting" },
    });
    expect(byUser[bob.id].joined_at).toMatch(/Z$/);
    expect(byUser[mod.id].presence).toEqual({ status: "offline", custom_status: null }); // invisible reads as offline to others
    expect(byUser[bot.id]).toMatchObject({ is_bot: true, role: "member" });
    expect(byUser[owner.id].role).toBe("owner");
    expect(byUser[admin.id].role).toBe("admin");
    const own = (await http.get(`/api/spaces/${s.id}/members`, { token: mod.token })).body.find(
      (m: { user_id: string }) => m.user_id === mod.id,
    );
    expect(own.presence.status).toBe("invisible"); // the user reads back its own invisible
  });
});

describe("kick", () => {
  it("removes a lower-ranked member: 204, count down, member.left kicked, a member:left frame, an audit row", async () => {
    const s = await space();
    const { client } = await WsClient.ready(server.url, owner.token);
    const left: unknown[] = [];
    server.spaceEvents.on("member.left", (e) => void left.push(e));
    const res = await http.del(path(s, s.bob), { token: mod.token });
    expect(res.status).toBe(204);
    expect((await http.get(`/api/spaces/${s.id}`, { token: owner.token })).body.member_count).toBe(3);
    expect(left).toContainEqual(
      expect.objectContaining({ spaceId: s.id, userId: bob.id, memberId: s.bob, reason: "kicked", actorId: mod.id }),
    );
    const frame = await client.next((f) => f.type === "member:left" && f.user_id === bob.id);
    expect(frame).toMatchObject({ space_id: s.id, member_id: s.bob, reason: "kicked" });
    client.ws.close();
    expect((await http.get(`/api/spaces/${s.id}`, { token: bob.token })).status).toBe(404);
    const row = (await http.get(`/api/spaces/${s.id}/audit-log`, { token: owner.token })).body[0];
    expect(row).toMatchObject({
      action: "member.kick",
      actor_id: mod.id,
      target_type: "member",
      target_id: s.bob,
      data: { user_id: bob.id },
    });
  });

  it("refuses equal or higher rank (403) and unknown members (404)", async () => {
    const s = await space();
    const res = await http.del(path(s, s.admin), { token: mod.token });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("cannot act on a member of equal or higher rank");
    expect((await http.del(path(s, s.mod), { token: mod.token })).status).toBe(403);
    const other = await space();
    const missing = await http.del(path(s, other.bob), { token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("member not found");
  });
});

describe("member:joined frame", () => {
  it("reaches connected members when someone joins", async () => {
    const s = await space();
    const { client } = await WsClient.ready(server.url, admin.token);
    const newcomer = await registerUser(server.url);
    await http.post(`/api/spaces/join/${s.inviteCode}`, undefined, { token: newcomer.token });
    const frame = await client.next((f) => f.type === "member:joined" && f.user_id === newcomer.id);
    expect(frame).toMatchObject({ space_id: s.id, role: "member" });
    client.ws.close();
  });
});

describe("roles", () => {
  it("the owner and admins change roles below admin; audited with from and to", async () => {
    const s = await space();
    const res = await http.patch(path(s, s.bob, "/role"), { role: "moderator" }, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "role updated" });
    const bobRow = (await http.get(`/api/spaces/${s.id}/members`, { token: owner.token })).body.find(
      (m: { member_id: string }) => m.member_id === s.bob,
    );
    expect(bobRow.role).toBe("moderator");
    const row = (await http.get(`/api/spaces/${s.id}/audit-log?limit=1`, { token: owner.token })).body[0];
    expect(row).toMatchObject({
      action: "member.role_update",
      actor_id: admin.id,
      target_id: s.bob,
      data: { from: "member", to: "moderator" },
    });
  });

  it("nobody changes the owner's role, gives owner, and an admin cannot change another admin", async () => {
    const s = await space();
    const ownerRole = await http.patch(path(s, s.owner, "/role"), { role: "member" }, { token: admin.token });
    expect(ownerRole.status).toBe(403);
    expect(ownerRole.body.detail).toBe("cannot change the owner's role");
    expect((await http.patch(path(s, s.owner, "/role"), { role: "admin" }, { token: owner.token })).body.detail).toBe(
      "cannot change the owner's role",
    );
    expect((await http.patch(path(s, s.bob, "/role"), { role: "owner" }, { token: owner.token })).status).toBe(422);
    const second = await http.patch(path(s, s.bob, "/role"), { role: "admin" }, { token: owner.token });
    expect(second.status).toBe(200);
    const adminOnAdmin = await http.patch(path(s, s.bob, "/role"), { role: "member" }, { token: admin.token });
    expect(adminOnAdmin.status).toBe(403);
    expect(adminOnAdmin.body.detail).toBe("an admin cannot change another admin");
    expect((await http.patch(path(s, s.bob, "/role"), { role: "member" }, { token: mod.token })).status).toBe(403);
    expect((await http.patch(path(s, s.bob, "/role"), {}, { token: owner.token })).status).toBe(422);
  });
});

describe("nickname and display role", () => {
  it("sets and clears a nickname (moderator+ or self), 1–32 characters", async () => {
    const s = await space();
    expect((await http.patch(path(s, s.bob, "/nickname"), { nickname: "Bobby" }, { token: bob.token })).body).toEqual({
      message: "nickname updated",
    });
    expect((await http.patch(path(s, s.admin, "/nickname"), { nickname: "Boss" }, { token: mod.token })).status).toBe(200);
    const denied = await http.patch(path(s, s.mod, "/nickname"), { nickname: "x" }, { token: bob.token });
    expect(denied.status).toBe(403);
    let list = (await http.get(`/api/spaces/${s.id}/members`, { token: bob.token })).body;
    expect(list.find((m: { member_id: string }) => m.member_id === s.bob).nickname).toBe("Bobby");
    expect(list.find((m: { member_id: string }) => m.member_id === s.admin).nickname).toBe("Boss");
    expect((await http.patch(path(s, s.bob, "/nickname"), { nickname: null }, { token: bob.token })).body).toEqual({
      message: "nickname cleared",
    });
    list = (await http.get(`/api/spaces/${s.id}/members`, { token: bob.token })).body;
    expect(list.find((m: { member_id: string }) => m.member_id === s.bob).nickname).toBeNull();
    for (const body of [{ nickname: "" }, { nickname: "n".repeat(33) }, {}, { nickname: 5 }]) {
      expect((await http.patch(path(s, s.bob, "/nickname"), body, { token: bob.token })).status, JSON.stringify(body)).toBe(422);
    }
  });

  it("sets and clears a display role (admin+ or self)", async () => {
    const s = await space();
    expect((await http.patch(path(s, s.bob, "/display-role"), { display_role: "Scribe" }, { token: admin.token })).status).toBe(200);
    expect((await http.patch(path(s, s.bob, "/display-role"), { display_role: "Nope" }, { token: mod.token })).status).toBe(403);
    expect((await http.patch(path(s, s.mod, "/display-role"), { display_role: "Guard" }, { token: mod.token })).status).toBe(200);
    const list = (await http.get(`/api/spaces/${s.id}/members`, { token: bob.token })).body;
    expect(list.find((m: { member_id: string }) => m.member_id === s.bob).display_role).toBe("Scribe");
    expect(list.find((m: { member_id: string }) => m.member_id === s.mod).display_role).toBe("Guard");
    expect((await http.patch(path(s, s.bob, "/display-role"), { display_role: null }, { token: bob.token })).body).toEqual({
      message: "display role cleared",
    });
    expect((await http.patch(path(s, s.bob, "/display-role"), { display_role: "d".repeat(33) }, { token: bob.token })).status).toBe(422);
  });
});

describe("mute", () => {
  it("mutes for a duration that ends by itself; unmute ends it early; both audited", async () => {
    const s = await space();
    const res = await http.post(path(s, s.bob, "/mute"), { duration_seconds: 60 }, { token: mod.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "member muted" });
    const mutedUntil = () =>
      http
        .get(`/api/spaces/${s.id}/members`, { token: owner.token })
        .then((r) => r.body.find((m: { member_id: string }) => m.member_id === s.bob).muted_until);
    expect(await mutedUntil()).toBe(new Date(clock.now() + 60_000).toISOString());
    clock.advance(59_000);
    expect(await mutedUntil()).not.toBeNull();
    clock.advance(2_000);
    expect(await mutedUntil()).toBeNull();
    await http.post(path(s, s.bob, "/mute"), { duration_seconds: 2419200 }, { token: admin.token });
    expect(await mutedUntil()).not.toBeNull();
    expect((await http.post(path(s, s.bob, "/unmute"), undefined, { token: mod.token })).body).toEqual({ message: "member unmuted" });
    expect(await mutedUntil()).toBeNull();
    expect((await auditActions(s.id)).slice(0, 3)).toEqual(["member.unmute", "member.mute", "member.mute"]);
    const row = (await http.get(`/api/spaces/${s.id}/audit-log?limit=3`, { token: owner.token })).body[2];
    expect(row).toMatchObject({ actor_id: mod.id, target_id: s.bob, data: { duration_seconds: 60, user_id: bob.id } });
  });

  it("follows the rank rule and the duration bounds", async () => {
    const s = await space();
    expect((await http.post(path(s, s.admin, "/mute"), { duration_seconds: 60 }, { token: mod.token })).status).toBe(403);
    expect((await http.post(path(s, s.mod, "/mute"), { duration_seconds: 60 }, { token: bob.token })).status).toBe(403);
    expect((await http.post(path(s, s.owner, "/unmute"), undefined, { token: admin.token })).status).toBe(403);
    for (const body of [{ duration_seconds: 0 }, { duration_seconds: 2419201 }, { duration_seconds: 1.5 }, {}]) {
      expect((await http.post(path(s, s.bob, "/mute"), body, { token: owner.token })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await http.post(path(s, "not-a-uuid", "/mute"), { duration_seconds: 5 }, { token: owner.token })).status).toBe(422);
  });
});

describe("audit log read", () => {
  it("pages newest first with limit and before; admin+ only; 422 for bad parameters", async () => {
    const s = await space();
    for (const n of ["a", "b", "c"]) await http.patch(`/api/spaces/${s.id}`, { description: n }, { token: owner.token });
    const all = (await http.get(`/api/spaces/${s.id}/audit-log`, { token: admin.token })).body;
    expect(all.map((r: { action: string }) => r.action)).toEqual([
      "space.update",
      "space.update",
      "space.update",
      "member.role_update",
      "member.role_update",
    ]);
    expect(all.map((r: { id: string }) => r.id)).toEqual([...all.map((r: { id: string }) => r.id)].sort().reverse());
    expect(all[0].data).toMatchObject({ description: "c" });
    expect(all[0].created_at).toMatch(/Z$/);
    const page = (await http.get(`/api/spaces/${s.id}/audit-log?limit=2&before=${all[1].id}`, { token: owner.token })).body;
    expect(page.map((r: { id: string }) => r.id)).toEqual([all[2].id, all[3].id]);
    expect((await http.get(`/api/spaces/${s.id}/audit-log`, { token: mod.token })).status).toBe(403);
    for (const q of ["limit=0", "limit=101", "before=nope"])
      expect((await http.get(`/api/spaces/${s.id}/audit-log?${q}`, { token: owner.token })).status, q).toBe(422);
  });
});
