// Bot messages (spec 4.7) on PostgreSQL + Redis: send one message, and list the 50 newest, each against a bare
// node:http + pg server doing the same INSERT / SELECT on the same database in the same run. The ratio between
// the two is the cost of our stack (auth, the three rate limits, access checks, validation, realtime fan-out).
// Rate limits are raised by the context's RATE_LIMIT_MULTIPLIER; they are still counted on every request.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import type { Scenario } from "../context.ts";
import { insertBot, insertSpace } from "../../test/helpers/fixtures.ts";
import { newId } from "../../server/src/platform/ids.ts";

const CONTENT = { content: "The quick brown fox jumps over the lazy dog. ".repeat(3) };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (s += c));
    req.on("end", () => resolve(s));
    req.on("error", reject);
  });

const toJson = (r: Record<string, unknown> & { created_at: Date }) => ({ ...r, created_at: r.created_at.toISOString() });

/** The same rows as our server writes and reads, with nothing around them. */
async function bareServer(dbUrl: string, ids: { spaceId: string; botId: string }) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 20 });
  const COLS = "id, space_id, channel_id, author_id, kind, ciphertext, content, reply_to, created_at";
  const server = createServer(async (req, res) => {
    try {
      const channelId = req.url!.split("/")[2]!;
      let status = 200;
      let body: unknown;
      if (req.method === "POST") {
        const { content } = JSON.parse(await readBody(req));
        const r = await pool.query(
          `INSERT INTO messages (id, space_id, channel_id, author_id, kind, content) VALUES ($1, $2, $3, $4, 'bot', $5) RETURNING ${COLS}`,
          [newId(), ids.spaceId, channelId, ids.botId, content],
        );
        status = 201;
        body = toJson(r.rows[0]);
      } else {
        // The same SQL as our list (author's is_bot, reaction counts), so the ratio is the stack around it.
        const r = await pool.query(
          `SELECT ${COLS.replace(/(\w+)/g, "m.$1")}, coalesce(u.is_bot, false) AS author_is_bot,
             (SELECT json_agg(json_build_object('emoji', r.emoji, 'count', r.n) ORDER BY r.first)
                FROM (SELECT emoji, count(*)::int AS n, min(created_at) AS first FROM reactions WHERE message_id = m.id GROUP BY emoji) r) AS reactions
           FROM messages m LEFT JOIN users u ON u.id = m.author_id
           WHERE m.channel_id = $1 AND m.deleted_at IS NULL AND m.kind IN ('bot', 'service') ORDER BY m.id DESC LIMIT 50`,
          [channelId],
        );
        body = r.rows.map(toJson);
      }
      const text = JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    } catch (err) {
      res.writeHead(500).end((err as Error).message);
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await pool.end();
    },
  };
}

export const scenario: Scenario = {
  name: "bot-messages",
  description: "POST and GET (50) /api/bot/spaces/{s}/channels/{c}/messages vs bare node:http + pg",
  async run(ctx) {
    const server = await ctx.startServer();
    const db = server.platform.db;
    const bot = await insertBot(db);
    const space = await insertSpace(db, bot.ownerId);
    const listChannel = newId();
    await db("channels").insert({ id: listChannel, space_id: space.id, name: "list", type: "text", position: 2 });
    const memberId = newId();
    await db("members").insert({ id: memberId, space_id: space.id, user_id: bot.id, role: "member" });
    await db("bot_installs").insert({
      space_id: space.id,
      bot_user_id: bot.id,
      member_id: memberId,
      scopes: ["messages.send"],
      allowed_channel_ids: [space.generalId, listChannel],
      state: "ACTIVE",
    });
    const headers = { authorization: `Bot ${bot.token}` };
    const ours = (channelId: string) => `${server.url}/api/bot/spaces/${space.id}/channels/${channelId}/messages`;
    for (let i = 0; i < 60; i++) {
      const r = await fetch(ours(listChannel), { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(CONTENT) });
      if (r.status !== 201) throw new Error(`seeding answered ${r.status}: ${await r.text()}`);
    }
    const bare = await bareServer(server.platform.config.databaseUrl!, { spaceId: space.id, botId: bot.id });
    ctx.defer(bare.close);
    const sendBare = await ctx.load("bare node:http + pg: INSERT message", { url: `${bare.url}/c/${space.generalId}`, method: "POST", body: CONTENT });
    const sendOurs = await ctx.load("POST bot message", { url: ours(space.generalId), method: "POST", headers, body: CONTENT });
    const listBare = await ctx.load("bare node:http + pg: SELECT 50 messages", { url: `${bare.url}/c/${listChannel}` });
    const listOurs = await ctx.load("GET bot messages (50)", { url: ours(listChannel), headers });
    console.error(
      `bench: bot-messages: send ${(sendOurs.requestsPerSecond / sendBare.requestsPerSecond).toFixed(2)}× bare, ` +
        `list ${(listOurs.requestsPerSecond / listBare.requestsPerSecond).toFixed(2)}× bare`,
    );
    return [sendBare, sendOurs, listBare, listOurs];
  },
};
