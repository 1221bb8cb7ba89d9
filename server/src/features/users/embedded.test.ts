// The same users, friends and presence paths in embedded mode (the embedded PostgreSQL + in-process Kv), where SQL and Kv differ.
import { afterAll, beforeAll, expect, it } from "vitest";
import { ManualClock } from "../../../../test/helpers/clock.ts";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";

let server: TestServer;
const clock = new ManualClock();

beforeAll(async () => {
  server = await startTestServer({ embedded: true, clock });
});
afterAll(() => server?.stop());

it("settings merge, friends and presence work on the embedded PostgreSQL and the in-process Kv", async () => {
  const http = api(server.url);
  const [a, b] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
  await Promise.all([
    http.patch("/api/users/me/settings", { notifications: { sounds: false } }, { token: a.token }),
    http.patch("/api/users/me/settings", { privacy: { friend_requests: "friends_of_friends" } }, { token: a.token }),
  ]);
  const s = (await http.get("/api/users/me/settings", { token: a.token })).body;
  expect(s.notifications).toEqual({ mentions: true, direct_messages: true, sounds: false });
  expect(s.privacy.friend_requests).toBe("friends_of_friends");

  expect((await http.post(`/api/users/friends/add/${b.username}`, undefined, { token: a.token })).body).toEqual({
    message: "friend request sent",
  });
  expect((await http.post(`/api/users/friends/add/${a.username}`, undefined, { token: b.token })).body).toEqual({
    message: "friend added",
  });

  await server.presence.connected(a.id);
  await server.presence.connected(a.id);
  await server.presence.disconnected(a.id);
  await server.presence.disconnected(a.id);
  await server.presence.disconnected(a.id); // an extra close never drives the count below zero
  await server.presence.connected(a.id);
  expect((await server.presence.get(a.id, b.id)).status).toBe("online");
  await server.presence.disconnected(a.id);
  clock.advance(60_000);
  expect((await server.presence.get(a.id, b.id)).status).toBe("offline");

  const anon = await http.post("/api/users/register");
  expect(anon.status).toBe(200);
  expect(anon.body.is_anonymous).toBe(true);
});
