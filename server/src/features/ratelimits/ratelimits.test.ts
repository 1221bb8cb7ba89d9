// The bot-API limits (docs/limits.md) on one server: the per-channel send limit at its boundary, the overall bot limit
// (1000/60 s) and the `Retry-After` rules 1–3 (docs/limits.md#retry-after) on each kind of bot-API path, and the rejection metric.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api, type Reply } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;
let space: { id: string; generalId: string; voiceId: string };

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "warn" } });
  http = api(server.url);
  owner = await registerUser(server.url);
  const created = await http.post("/api/spaces", { name: "limits" }, { token: owner.token });
  const channels = (await http.get(`/api/spaces/${created.body.id}/channels`, { token: owner.token })).body as {
    id: string;
    type: string;
  }[];
  space = {
    id: created.body.id,
    generalId: channels.find((c) => c.type === "text")!.id,
    voiceId: channels.find((c) => c.type === "voice")!.id,
  };
});
afterAll(() => server?.stop());

const SCOPES = ["messages.send", "messages.react", "messages.delete.own", "moderation.messages"];

async function installedBot() {
  const bot = await createBot(server.url, owner.token);
  const res = await http.post(
    `/api/spaces/${space.id}/bots`,
    { bot_user_id: bot.id, scopes: SCOPES, allowed_channel_ids: [space.generalId, space.voiceId] },
    { token: owner.token },
  );
  expect(res.status).toBe(201);
  return bot;
}

const send = (bot: { token: string }, content = "x", channelId = space.generalId) =>
  http.post(`/api/bot/spaces/${space.id}/channels/${channelId}/messages`, { content }, { bot: bot.token });

const expect429 = (res: Reply, detail: string, retryAfter: string | null) => {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body).toEqual({ detail });
  expect(res.headers.get("retry-after")).toBe(retryAfter);
};

describe("sends per channel: 5 per second", () => {
  it("lets 5 sends through, refuses the 6th in the same second with Retry-After 1, and lets sends through again after", async () => {
    // The boundary is only defined when all six land in one second; on a starved machine a try can take
    // longer, and then it proves nothing either way: try again with a fresh bot (fresh counters).
    let bot!: { id: string; token: string };
    let statuses: number[] = [];
    let sixth!: Reply;
    for (let attempt = 0; attempt < 4; attempt++) {
      bot = await installedBot();
      const started = Date.now();
      // Ids count the same whatever their case.
      statuses = (
        await Promise.all([0, 1, 2, 3, 4].map((i) => send(bot, `m${i}`, i % 2 ? space.generalId.toUpperCase() : space.generalId)))
      ).map((r) => r.status);
      sixth = await send(bot, "m5");
      if (Date.now() - started < 1000) break;
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect429(sixth, `msg:ch:${bot.id}:${space.generalId} > 5/1s`, "1");
    // Another channel of the same space has its own count.
    expect((await send(bot, "elsewhere", space.voiceId)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await send(bot, "again")).status).toBe(201);
    // The refused send was not written.
    const listed = await http.get(`/api/bot/spaces/${space.id}/channels/${space.generalId}/messages`, { bot: bot.token });
    const own = listed.body.filter((m: { author_id: string }) => m.author_id === bot.id).map((m: { content: string }) => m.content);
    expect(own).not.toContain("m5");
  });
});

describe("all bot calls: 1000 per minute", () => {
  it("refuses call 1001 with `bot:<id> > 1000/60s`; Retry-After 60 only on message paths", async () => {
    const bot = await installedBot();
    const msg = (await send(bot)).body;
    let ok = 1;
    // 999 more cheap calls, 25 at a time.
    for (let left = 999; left > 0; left -= 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, left) }, () => http.get("/api/bot/commands", { bot: bot.token })));
      ok += batch.filter((r) => r.status === 200).length;
    }
    expect(ok).toBe(1000);
    const text = `bot:${bot.id} > 1000/60s`;
    const msgs = `/api/bot/spaces/${space.id}/channels/${space.generalId}/messages`;
    // Message paths (rule 1): send, read, delete, reactions.
    expect429(await send(bot), text, "60");
    expect429(await http.get(msgs, { bot: bot.token }), text, "60");
    expect429(await http.post(`/api/bot/spaces/${space.id}/messages/${msg.id}/reactions`, { emoji: "x" }, { bot: bot.token }), text, "60");
    expect429(await http.del(`/api/bot/spaces/${space.id}/messages/${msg.id}`, { bot: bot.token }), text, "60");
    // Other bot-API paths (rule 3): command registration, voice (respond: below).
    expect429(await http.get("/api/bot/commands", { bot: bot.token }), text, null);
    expect429(await http.put("/api/bot/commands", { commands: [] }, { bot: bot.token }), text, null);
    expect429(await http.post(`/api/bot/spaces/${space.id}/voice/${space.voiceId}/join`, undefined, { bot: bot.token }), text, null);
    // Other bots are not affected.
    const other = await installedBot();
    expect((await http.get("/api/bot/commands", { bot: other.token })).status).toBe(200);
  }, 60_000);

  it("counts each interaction reply once (its handler counts it, no middleware again), refused like other paths", async () => {
    const bot = await installedBot();
    let ok = 0;
    for (let left = 998; left > 0; left -= 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, left) }, () => http.get("/api/bot/commands", { bot: bot.token })));
      ok += batch.filter((r) => r.status === 200).length;
    }
    expect(ok).toBe(998);
    const respond = () => http.post("/api/bot/interactions/respond", { interaction_token: "x.y", content: "z" }, { bot: bot.token });
    // Call 999: refused for its token, still counted.
    expect((await respond()).status).toBe(403);
    // Call 1000 is allowed: the reply counted once, not twice.
    expect((await http.get("/api/bot/commands", { bot: bot.token })).status).toBe(200);
    // Call 1001, a reply: the bot-wide 429 of rule 3 (no Retry-After).
    expect429(await respond(), `bot:${bot.id} > 1000/60s`, null);
  }, 60_000);

  it("counts refusals in rate_limit_rejections_total{limit}", async () => {
    const text = (await http.get("/metrics")).body as string;
    expect(text).toMatch(/rate_limit_rejections_total\{limit="msg:ch"\} [1-9]/);
    expect(text).toMatch(/rate_limit_rejections_total\{limit="bot"\} [1-9]/);
  });
});
