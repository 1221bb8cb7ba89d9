// Transitions that time alone causes are announced: `idle` after the idle period without activity or connection,
// `offline` after the last connection's grace period. PRESENCE_TIME_SCALE=0.01 makes them 3 s and 0.6 s.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

const SCALE = 0.01;
let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer({ env: { PRESENCE_TIME_SCALE: String(SCALE) } });
  http = api(server.url);
});
afterAll(() => server?.stop());

async function friends(): Promise<[TestUser, TestUser]> {
  const [a, b] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
  await http.post(`/api/users/friends/add/${b.username}`, undefined, { token: a.token });
  await http.post(`/api/users/friends/add/${a.username}`, undefined, { token: b.token });
  return [a, b];
}

it("the automatic idle transition emits presence:update to friends", async () => {
  const [a, b] = await friends();
  const { client } = await WsClient.ready(server.url, b.token);
  const t0 = Date.now();
  expect((await http.post("/api/users/me/online", undefined, { token: a.token })).status).toBe(200);
  await client.next((f) => f.type === "presence:update" && f.user_id === a.id && f.status === "online");
  const idle = await client.next((f) => f.type === "presence:update" && f.user_id === a.id && f.status === "idle", 15_000);
  expect(idle).toEqual({ type: "presence:update", user_id: a.id, status: "idle", custom_status: null });
  expect(Date.now() - t0).toBeGreaterThanOrEqual(5 * 60_000 * SCALE - 50);
  expect((await http.get("/api/users/me/presence", { token: a.token })).body.status).toBe("idle");
  client.close();
});

it("the automatic offline transition after the last connection emits presence:update once", async () => {
  const [a, b] = await friends();
  const { client: watcher } = await WsClient.ready(server.url, b.token);
  const first = await WsClient.ready(server.url, a.token);
  await watcher.next((f) => f.type === "presence:update" && f.user_id === a.id && f.status === "online");
  first.client.close();
  await watcher.next((f) => f.type === "presence:update" && f.user_id === a.id && f.status === "offline", 10_000);
  const statuses = () =>
    watcher
      .ofType("presence:update")
      .filter((f) => f.user_id === a.id)
      .map((f) => f.status);
  expect(statuses()).toEqual(["online", "offline"]);
  watcher.close();
});
