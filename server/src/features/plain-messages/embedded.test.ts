// The bot message API, reactions and voice on the embedded PostgreSQL with the in-process limiter: the
// default `npm start` mode runs the same SQL (ANY over uuid[], json_agg of reaction counts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ embedded: true });
}, 60_000);
afterAll(() => server?.stop());

describe("embedded mode", () => {
  it("sends, lists with reactions, deletes, and hands out voice credentials", async () => {
    const http = api(server.url);
    const owner = await registerUser(server.url);
    const space = (await http.post("/api/spaces", { name: "embedded", visibility: "public" }, { token: owner.token })).body;
    const channels = (await http.get(`/api/spaces/${space.id}/channels`, { token: owner.token })).body as { id: string; type: string }[];
    const text = channels.find((c) => c.type === "text")!.id;
    const voice = channels.find((c) => c.type === "voice")!.id;
    const bot = await createBot(server.url, owner.token);
    const scopes = ["messages.send", "messages.react", "messages.delete.own"];
    expect(
      (
        await http.post(
          `/api/spaces/${space.id}/bots`,
          { bot_user_id: bot.id, scopes, allowed_channel_ids: [text, voice] },
          { token: owner.token },
        )
      ).status,
    ).toBe(201);
    const path = `/api/bot/spaces/${space.id}/channels/${text}/messages`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await http.post(path, { content: `m${i}` }, { bot: bot.token })).body.id);
    for (const e of ["b", "a", "b"])
      expect((await http.post(`/api/bot/spaces/${space.id}/messages/${ids[0]}/reactions`, { emoji: e }, { bot: bot.token })).status).toBe(
        204,
      );
    expect((await http.del(`/api/bot/spaces/${space.id}/messages/${ids[4]}`, { bot: bot.token })).status).toBe(204);
    const list = await http.get(path, { bot: bot.token });
    // Oldest: the service message of the bot's own arrival.
    expect(list.body.map((m: { content: string }) => m.content)).toEqual(["m3", "m2", "m1", "m0", `${bot.username} joined the space`]);
    expect(list.body[3].reactions).toEqual([
      { emoji: "b", count: 1 },
      { emoji: "a", count: 1 },
    ]);
    const join = await http.post(`/api/bot/spaces/${space.id}/voice/${voice}/join`, {}, { bot: bot.token });
    expect(join).toMatchObject({ status: 200, body: { url: "ws://localhost:7880", room: `${space.id}:${voice}`, ttl_seconds: 600 } });
  }, 60_000);
});
