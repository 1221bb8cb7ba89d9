// The whole chain in embedded mode (the embedded PostgreSQL, in-process pub/sub and limiter, BullMQ on the embedded database):
// catalog, invoke, `command.invoked` at a real receiver, respond, `interaction:response` on a real socket.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";
import { world } from "../../../../test/helpers/interactions.ts";

let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer({ embedded: true });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

it("invoke → webhook → respond → socket", async () => {
  const w = await world(server);
  expect(
    (await w.http.post(`/api/bots/${w.bot.id}/webhooks`, { url: receiver.url, events: ["command.invoked"] }, { token: w.owner.token }))
      .status,
  ).toBe(201);
  const u = await w.member();
  const catalog = await w.http.get(`/api/chat/${w.space.id}/${w.space.generalId}/commands`, { token: u.token });
  expect(catalog.body.commands.map((c: any) => c.name)).toEqual(["ping", "roll"]);
  const { client } = await WsClient.ready(server.url, u.token);
  const res = await w.invoke(u, { command: "roll", options: { sides: "20" } });
  expect(res.status).toBe(202);
  const [got] = await receiver.waitFor(1);
  const data = JSON.parse(got!.raw).data;
  expect(data).toMatchObject({ interaction_id: res.body.interaction_id, options: { sides: 20 }, command: "roll", actor_user_id: u.id });
  expect(
    (
      await w.http.post(
        "/api/bot/interactions/respond",
        { interaction_token: data.interaction_token, content: "20!" },
        { bot: w.bot.token },
      )
    ).status,
  ).toBe(204);
  expect(await client.next((f) => f.type === "interaction:response")).toMatchObject({
    interaction_id: res.body.interaction_id,
    content: "20!",
    ephemeral: true,
  });
  client.close();
});
