// The HTTP client against a real server: typed calls, ApiError from real answers, and the refresh flow with
// the server's rotating refresh tokens (a second refresh with the same token would revoke the session).
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { registerUser } from "../../test/helpers/users.ts";
import { ApiError, createClient, type TokenResponse } from "../src/index.ts";
import { newId } from "../../server/src/platform/ids.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

it("registers, signs in, and calls typed endpoints; errors carry the server's detail and request id", async () => {
  const reported: string[] = [];
  const client = createClient({ baseUrl: server.url, onTokens: (t) => void reported.push(t.user.username) });
  const name = `sdk_${Date.now().toString(36)}`;
  const t = await client.register({ username: name, email: `${name}@example.test`, password: "a long password" });
  expect(reported).toEqual([name]);
  expect((await client.me()).id).toBe(t.user.id);
  const space = await client.spaces.create({ name: "SDK", visibility: "public" });
  expect((await client.spaces.mine()).map((s) => s.id)).toContain(space.id);

  const missing = (await client.spaces.get("01a20000-0000-7000-8000-000000000000").catch((e: unknown) => e)) as ApiError;
  expect(missing).toBeInstanceOf(ApiError);
  expect(missing.status).toBe(404);
  expect(missing.detail).toBeTruthy();
  expect(missing.requestId).toMatch(/.+/);

  const bad = (await client.POST("/api/spaces", { body: { name: "", visibility: "private" } }).catch((e: unknown) => e)) as ApiError;
  expect(bad.status).toBe(422);
  expect(bad.errors[0]).toMatchObject({ location: "body", path: "/name", code: "minLength" });

  const wrong = (await client.login({ login: name, password: "not the password" }).catch((e: unknown) => e)) as ApiError;
  expect(wrong).toMatchObject({ status: 401, detail: "invalid credentials" });
});

it("concurrent 401s share one refresh of the rotating token; the session survives", async () => {
  const user = await registerUser(server.url);
  const reported: TokenResponse[] = [];
  const client = createClient({
    baseUrl: server.url,
    token: "expired.or.bogus",
    refreshToken: user.refreshToken,
    onTokens: (t) => void reported.push(t),
  });
  const all = await Promise.all(Array.from({ length: 6 }, () => client.me()));
  expect(all.every((u) => u.id === user.id)).toBe(true);
  expect(reported).toHaveLength(1);
  expect(client.tokens().refreshToken).toBe(reported[0]!.refresh_token);
  // Had two refreshes used the same token, reuse detection would have revoked the session by now.
  expect((await createClient({ baseUrl: server.url, token: reported[0]!.access_token }).me()).id).toBe(user.id);
});

it("a refused refresh token surfaces the original 401", async () => {
  const client = createClient({ baseUrl: server.url, token: "bogus", refreshToken: "not-a-refresh-token" });
  await expect(client.me()).rejects.toMatchObject({ status: 401, detail: "not authenticated" });
});

it("logout revokes the session and forgets the tokens", async () => {
  const user = await registerUser(server.url);
  const client = createClient({ baseUrl: server.url, token: user.token, refreshToken: user.refreshToken });
  await client.logout();
  expect(client.tokens()).toEqual({ accessToken: null, refreshToken: null });
  await expect(createClient({ baseUrl: server.url, token: user.token }).me()).rejects.toMatchObject({ status: 401 });
});

it("spaces.members pages through every member of a space larger than one page (1,000)", async () => {
  const user = await registerUser(server.url);
  const client = createClient({ baseUrl: server.url, token: user.token, refreshToken: user.refreshToken });
  const space = await client.spaces.create({ name: "Crowd", visibility: "private" });
  const db = server.platform.db;
  const ids = Array.from({ length: 1_200 }, () => newId());
  await db("users").insert(ids.map((id) => ({ id, username: `c_${id.replace(/-/g, "").slice(-20)}` })));
  await db("members").insert(ids.map((user_id) => ({ id: newId(), space_id: space.id, user_id })));
  const members = await client.spaces.members(space.id);
  expect(members).toHaveLength(1_201);
  expect(new Set(members.map((m) => m.user_id)).size).toBe(1_201);
  expect(members.at(-1)!.user_id).toBe(user.id); // the owner joined first: last, newest first
}, 60_000);
