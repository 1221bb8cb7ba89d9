// Deleting a space: every member's socket hears `space:deleted` and stops hearing the space at once,
// not only after the periodic membership refresh (60 s by default, left as it is here).
import { afterAll, beforeAll, expect, it } from "vitest";
import { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";
import { marker } from "../../../../test/helpers/frames.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

it("a deleted space is announced to its members' sockets and dropped from their subscriptions at once", async () => {
  const http = api(server.url);
  const publisher = new RealtimePublisher(server.platform.pubsub);
  const [owner, member] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
  const space = (await http.post("/api/spaces", { name: "doomed", visibility: "public" }, { token: owner.token })).body;
  await http.post(`/api/spaces/${space.id}/join`, undefined, { token: member.token });
  const general = (await http.get(`/api/spaces/${space.id}/channels`, { token: owner.token })).body.find((c: any) => c.type === "text");
  const { client: co } = await WsClient.ready(server.url, owner.token);
  const { client: cm } = await WsClient.ready(server.url, member.token);

  await publisher.toSpace(space.id, general.id, marker("test:before"));
  await Promise.all([co.next((f) => f.type === "test:before"), cm.next((f) => f.type === "test:before")]);

  expect((await http.del(`/api/spaces/${space.id}`, { token: owner.token })).status).toBe(204);
  for (const c of [co, cm]) expect(await c.next((f) => f.type === "space:deleted")).toEqual({ type: "space:deleted", space_id: space.id });

  // Whatever is still published on the space's channel reaches nobody; a marker on each user's channel, sent after
  // it through the same Redis connection, proves it would have arrived by now.
  await publisher.toSpace(space.id, general.id, marker("test:after"));
  await publisher.toSpace(space.id, null, marker("test:after"));
  await publisher.toUser(owner.id, marker("test:mark"));
  await publisher.toUser(member.id, marker("test:mark"));
  await Promise.all([co.next((f) => f.type === "test:mark"), cm.next((f) => f.type === "test:mark")]);
  expect(co.ofType("test:after")).toEqual([]);
  expect(cm.ofType("test:after")).toEqual([]);
  co.close();
  cm.close();
});
