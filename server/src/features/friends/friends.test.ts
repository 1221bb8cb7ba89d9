// Friends: request/accept, lists, removal and the friend_requests privacy setting, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
});
afterAll(() => server?.stop());

const add = (from: TestUser, to: string) => http.post(`/api/users/friends/add/${to}`, undefined, { token: from.token });
const ids = (list: { id: string }[]) => list.map((u) => u.id);

async function befriend(a: TestUser, b: TestUser) {
  expect((await add(a, b.username)).body).toEqual({ message: "friend request sent" });
  expect((await add(b, a.username)).body).toEqual({ message: "friend added" });
}

describe("friends", () => {
  it("request, then accept by asking back", async () => {
    const [a, b] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
    const sent = await add(a, b.username);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: "friend request sent" });
    expect((await add(a, b.username)).body).toEqual({ message: "friend request sent" }); // repeat is harmless

    const reqB = await http.get("/api/users/me/friends/requests", { token: b.token });
    expect(reqB.status).toBe(200);
    expect(ids(reqB.body.incoming)).toEqual([a.id]);
    expect(reqB.body.outgoing).toEqual([]);
    expect(reqB.body.incoming[0]).not.toHaveProperty("email");
    const reqA = (await http.get("/api/users/me/friends/requests", { token: a.token })).body;
    expect(ids(reqA.outgoing)).toEqual([b.id]);
    expect((await http.get("/api/users/me/friends", { token: a.token })).body).toEqual([]);

    const added = await add(b, a.username.toUpperCase());
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: "friend added" });
    expect(ids((await http.get("/api/users/me/friends", { token: a.token })).body)).toEqual([b.id]);
    expect(ids((await http.get("/api/users/me/friends", { token: b.token })).body)).toEqual([a.id]);
    expect((await http.get("/api/users/me/friends/requests", { token: b.token })).body).toEqual({ incoming: [], outgoing: [] });

    const again = await add(a, b.username);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "already friends" });
  });

  it("404 unknown user, 400 oneself, 401 without token, 422 bad path", async () => {
    const a = await registerUser(server.url);
    const unknown = await add(a, "nobody_here_at_all");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "user not found" });
    const self = await add(a, a.username);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ detail: "cannot add yourself as a friend" });
    expect((await http.post(`/api/users/friends/add/${a.username}`)).status).toBe(401);
    expect((await http.post(`/api/users/friends/add/${"x".repeat(33)}`, undefined, { token: a.token })).status).toBe(422);
    expect((await http.del("/api/users/me/friends/not-a-uuid", { token: a.token })).status).toBe(422);
  });

  it("DELETE removes a friend (both sides), cancels or declines a request; 404 when nothing is there", async () => {
    const [a, b, c] = await Promise.all([registerUser(server.url), registerUser(server.url), registerUser(server.url)]);
    await befriend(a, b);
    const del = await http.del(`/api/users/me/friends/${a.id}`, { token: b.token });
    expect(del.status).toBe(204);
    expect((await http.get("/api/users/me/friends", { token: a.token })).body).toEqual([]);
    expect((await http.get("/api/users/me/friends", { token: b.token })).body).toEqual([]);
    const none = await http.del(`/api/users/me/friends/${a.id}`, { token: b.token });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ detail: "friend not found" });

    await add(a, c.username);
    expect((await http.del(`/api/users/me/friends/${a.id}`, { token: c.token })).status).toBe(204); // decline
    expect((await http.get("/api/users/me/friends/requests", { token: a.token })).body.outgoing).toEqual([]);
    await add(a, c.username);
    expect((await http.del(`/api/users/me/friends/${c.id}`, { token: a.token })).status).toBe(204); // cancel
    expect((await http.get("/api/users/me/friends/requests", { token: c.token })).body.incoming).toEqual([]);
  });

  it("two users adding each other at once end up friends", async () => {
    const [a, b] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
    const [x, y] = await Promise.all([add(a, b.username), add(b, a.username)]);
    expect([x.body.message, y.body.message].sort()).toEqual(["friend added", "friend request sent"]);
    expect(ids((await http.get("/api/users/me/friends", { token: a.token })).body)).toEqual([b.id]);
  });

  it("respects friend_requests: nobody → 403", async () => {
    const [a, b] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
    await http.patch("/api/users/me/settings", { privacy: { friend_requests: "nobody" } }, { token: b.token });
    const r = await add(a, b.username);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: "user does not accept friend requests" });
    // b can still ask a, and a's acceptance goes through.
    expect((await add(b, a.username)).body).toEqual({ message: "friend request sent" });
    expect((await add(a, b.username)).body).toEqual({ message: "friend added" });
  });

  it("respects friend_requests: friends_of_friends → 403 unless a friend is shared", async () => {
    const [a, b, mutual] = await Promise.all([registerUser(server.url), registerUser(server.url), registerUser(server.url)]);
    await http.patch("/api/users/me/settings", { privacy: { friend_requests: "friends_of_friends" } }, { token: b.token });
    const r = await add(a, b.username);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: "user only accepts friend requests from friends of friends" });
    await befriend(a, mutual);
    await befriend(b, mutual);
    expect((await add(a, b.username)).body).toEqual({ message: "friend request sent" });
  });
});
