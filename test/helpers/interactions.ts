// Test set-up for the invocation chain, all through the public API: a space, a member, a bot installed with
// commands and a webhook pointing at a real local receiver.
import { expect } from "vitest";
import type { TestServer } from "./server.ts";
import { api, type Reply } from "./http.ts";
import { registerUser, type TestUser } from "./users.ts";
import { createBot } from "./bots.ts";
import { insertMember, insertSpace } from "./fixtures.ts";

export const DEMO_COMMANDS = [
  {
    name: "roll",
    description: "Roll dice",
    options: [
      { name: "sides", type: "integer", description: "Sides", required: true, min: 2, max: 100 },
      { name: "label", type: "string", description: "Label" },
    ],
  },
  { name: "ping", description: "Ping" },
];

export interface World {
  owner: TestUser;
  space: { id: string; generalId: string; voiceId: string };
  bot: { id: string; token: string; username: string };
  http: ReturnType<typeof api>;
  /** A new member of the space (fresh user, so rate limits start empty). */
  member(): Promise<TestUser>;
  invoke(user: TestUser, body: Record<string, unknown>, channelId?: string): Promise<Reply<any>>;
}

export async function installBot(
  server: TestServer,
  owner: TestUser,
  spaceId: string,
  opts: { scopes?: string[]; channels: string[]; commands?: unknown[]; username?: string },
) {
  const http = api(server.url);
  const bot = await createBot(server.url, owner.token, opts.username ? { username: opts.username } : {});
  const put = await http.put("/api/bot/commands", { commands: opts.commands ?? DEMO_COMMANDS }, { bot: bot.token });
  expect(put.status).toBe(200);
  const inst = await http.post(
    `/api/spaces/${spaceId}/bots`,
    { bot_user_id: bot.id, scopes: opts.scopes ?? ["commands"], allowed_channel_ids: opts.channels },
    { token: owner.token },
  );
  expect(inst.status).toBe(201);
  return bot;
}

export async function world(server: TestServer, opts: { commands?: unknown[]; scopes?: string[] } = {}): Promise<World> {
  const http = api(server.url);
  const owner = await registerUser(server.url);
  const space = await insertSpace(server.platform.db, owner.id);
  const bot = await installBot(server, owner, space.id, { channels: [space.generalId], ...opts });
  return {
    owner,
    space,
    bot,
    http,
    async member() {
      const u = await registerUser(server.url);
      await insertMember(server.platform.db, space.id, u.id);
      return u;
    },
    invoke: (user, body, channelId = space.generalId) =>
      http.post(`/api/chat/${space.id}/${channelId}/commands/invoke`, { bot_user_id: bot.id, ...body }, { token: user.token }),
  };
}
