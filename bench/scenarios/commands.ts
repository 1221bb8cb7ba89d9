// The bot command registry on PostgreSQL + Redis: read it, and overwrite it with 10 commands.
import type { Scenario } from "../context.ts";

const commands = Array.from({ length: 10 }, (_, i) => ({
  name: `cmd${i}`,
  description: `Command number ${i}`,
  options: [
    { name: "target", type: "user", description: "who", required: true },
    { name: "count", type: "integer", description: "how many", min: 1, max: 10 },
  ],
}));

export const scenario: Scenario = {
  name: "commands",
  description: "GET and PUT /api/bot/commands (10 commands) on PostgreSQL + Redis",
  async run(ctx) {
    const server = await ctx.startServer();
    const bot = await ctx.createBot(server);
    const headers = { authorization: `Bot ${bot.token}` };
    const url = `${server.url}/api/bot/commands`;
    // The GET reads a registry of 10 commands, as the PUT leaves it.
    const seed = await fetch(url, {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ commands }),
    });
    if (seed.status !== 200) throw new Error(`seeding the registry answered ${seed.status}: ${await seed.text()}`);
    return [
      await ctx.load("GET /api/bot/commands", { url, headers }),
      await ctx.load("PUT /api/bot/commands (10)", { url, method: "PUT", headers, body: { commands } }),
    ];
  },
};
