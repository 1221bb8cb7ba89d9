// The dice bot end to end against a real server, over both transports: a user creates the bot and a space through
// the API, installs it, gives it a socket webhook (the bot connects to the gateway) or an HTTP one pointing at the
// bot's port; the bot syncs /roll; the user invokes it and receives the ephemeral reply over the realtime
// connection; with private=false the bot's message and reaction are visible.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/server.ts";
import { api } from "../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../test/helpers/users.ts";
import { createBot } from "../../../test/helpers/bots.ts";
import { WsClient } from "../../../test/helpers/ws.ts";
import type { MessageResponse } from "@parley/sdk-bot";
import { REACTION, startDiceBot, type RunningDiceBot } from "../src/bot.ts";
import { freePort } from "../../../test/helpers/ports.ts";

describe.each(["socket", "http"] as const)("dice bot over %s", (transport) => {
  let server: TestServer;
  let user: TestUser;
  let botAccount: { id: string; token: string };
  let spaceId: string;
  let channelId: string;
  let dice: RunningDiceBot;
  let ws: WsClient;
  const errors: unknown[] = [];
  // Fixed dice: 1, 2, 3, … so the test knows the rolls.
  let next = 0;
  const random = (min: number, max: number) => min + (next++ % (max - min));

  // The gateway needs nothing of the server's configuration: over it, the server runs as a default `npm start`
  // does (embedded PostgreSQL, no Redis, private webhook URLs refused).
  beforeAll(async () => {
    server = await startTestServer(transport === "socket" ? { embedded: true, env: { WEBHOOK_ALLOW_PRIVATE: "false" } } : {});
    const http = api(server.url);
    user = await registerUser(server.url);
    botAccount = await createBot(server.url, user.token);
    const space = await http.post("/api/spaces", { name: "Dice night", visibility: "private" }, { token: user.token });
    expect(space.status).toBe(201);
    spaceId = space.body.id;
    const channels = await http.get(`/api/spaces/${spaceId}/channels`, { token: user.token });
    channelId = channels.body.find((c: { name: string }) => c.name === "general").id;
    const install = await http.post(
      `/api/spaces/${spaceId}/bots`,
      { bot_user_id: botAccount.id, scopes: ["commands", "messages.send", "messages.react"], allowed_channel_ids: [channelId] },
      { token: user.token },
    );
    expect(install.status).toBe(201);
    const port = await freePort();
    const hook = await http.post(
      `/api/bots/${botAccount.id}/webhooks`,
      transport === "socket"
        ? { transport: "socket", events: ["command.invoked"] }
        : { url: `http://127.0.0.1:${port}/`, events: ["command.invoked"] },
      { token: user.token },
    );
    expect(hook.status).toBe(201);
    dice = await startDiceBot({
      baseUrl: server.url,
      token: botAccount.token,
      webhookSecret: hook.body.secret,
      port,
      random,
      onError: (e) => void errors.push(e),
    });
    expect(dice.transport).toBe(transport);
    ws = (await WsClient.ready(server.url, user.token)).client;
  }, 60_000);

  afterAll(async () => {
    ws?.close();
    await dice?.close();
    await server?.stop();
  });

  const invoke = (options: Record<string, unknown>) =>
    api(server.url).post(
      `/api/chat/${spaceId}/${channelId}/commands/invoke`,
      { bot_user_id: botAccount.id, command: "roll", options },
      { token: user.token },
    );

  it("registers /roll on start, and a second start finds nothing to change", async () => {
    expect(dice.commandsChanged).toBe(true);
    const [registered] = await dice.bot.commands.list();
    expect(registered).toMatchObject({ name: "roll", version: 1, enabled: true });
    expect(registered?.options.map((o) => [o.name, o.type, o.min ?? null, o.max ?? null])).toEqual([
      ["sides", "integer", 2, 1000],
      ["count", "integer", 1, 10],
      ["private", "boolean", null, null],
    ]);
    const again = await dice.bot.commands.sync([(await import("../src/bot.ts")).roll]);
    expect(again.changed).toBe(false);
    const catalog = await api(server.url).get(`/api/chat/${spaceId}/${channelId}/commands`, { token: user.token });
    expect(catalog.body.commands.map((c: { name: string }) => c.name)).toEqual(["roll"]);
  });

  it("private=false: the ephemeral reply reaches the invoker, and the bot posts the rolls and reacts to its message", async () => {
    next = 0;
    const res = await invoke({ sides: 6, count: 3, private: false });
    expect(res.status).toBe(202);
    const reply = await ws.next((f) => f.type === "interaction:response" && f.interaction_id === res.body.interaction_id, 15_000);
    expect(reply).toMatchObject({
      channel_id: channelId,
      space_id: spaceId,
      bot_user_id: botAccount.id,
      ephemeral: true,
      is_bot: true,
      content: "🎲 3d6: 1, 2, 3 (total 6)",
    });

    const mine = async (): Promise<MessageResponse | undefined> =>
      (await dice.bot.messages.list(spaceId, channelId)).find(
        (m) => m.author_id === botAccount.id && m.content === "🎲 rolled 3d6: 1, 2, 3 (total 6)",
      );
    await expect.poll(async () => (await mine())?.reactions).toEqual([{ emoji: REACTION, count: 1 }]);
    expect(errors).toEqual([]);
  });

  it("private=true: only the ephemeral reply, no public message", async () => {
    const botMessages = async () => (await dice.bot.messages.list(spaceId, channelId)).filter((m) => m.author_id === botAccount.id);
    const before = new Set((await botMessages()).map((m) => m.id));
    const added = async () => (await botMessages()).filter((m) => !before.has(m.id)).map((m) => m.content);
    next = 4;
    const res = await invoke({ sides: 20, private: true });
    expect(res.status).toBe(202);
    const reply = await ws.next((f) => f.type === "interaction:response" && f.interaction_id === res.body.interaction_id, 15_000);
    expect(reply.content).toBe("🎲 1d20: 5");
    // Barrier: a public roll invoked after it; once its message is there, a message of the private roll (sent
    // right after its reply) would be too.
    const barrier = await invoke({ sides: 6, private: false });
    expect(barrier.status).toBe(202);
    await expect.poll(async () => (await added()).length).toBeGreaterThan(0);
    expect(await added()).toEqual([expect.stringMatching(/^🎲 rolled 1d6: /)]);
    expect(errors).toEqual([]);
  });

  it("options outside the declared range are refused by the server before the bot sees them", async () => {
    const res = await invoke({ sides: 1001 });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("above max");
  });
});
