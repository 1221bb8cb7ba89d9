// Bot messages on PostgreSQL + Redis: send one message, and list the 50 newest, each against
// two floors doing the same INSERT / SELECT on the same database in the same run: bare node:http + pg, and the
// stack floor (Express + the contract validator + pg, in its own process). Alternating rounds, medians. The
// ratio to the stack floor is the cost of what we add (auth, the three rate limits, access checks, realtime).
// The send is also read against the stack floor doing the duties every send has within the decided stack (the bot
// authenticated from memory, the limits counted on Redis before the INSERT, the frame published after it, the
// request counted in the metrics; bench/floors/stack-server.ts): the ceiling of any design that keeps the limits,
// the realtime frame and the metrics, so the ratio to it is the cost of the rest of ours.
// Rate limits are raised by the context's RATE_LIMIT_MULTIPLIER; they are still counted on every request.
import pg from "pg";
import type { Scenario } from "../context.ts";
import { insertBot, insertSpace } from "../../test/helpers/fixtures.ts";
import { newId } from "../../server/src/platform/ids.ts";
import { alternate, ratio, readBody, sendJson, startBare, startStackFloor } from "../floors/index.ts";
import { INSERT_SQL, PAGE_SQL, toJson } from "../floors/sql.ts";

/** Bot messages posted to the listed channel right before the list is read. */
const LIST_SEED = 1_000;
const CONTENT = { content: "The quick brown fox jumps over the lazy dog. ".repeat(3) };

export const scenario: Scenario = {
  name: "bot-messages",
  description: "POST and GET (50) /api/bot/spaces/{s}/channels/{c}/messages vs bare node:http + pg and the stack floor",
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
    const path = (channelId: string) => `/api/bot/spaces/${space.id}/channels/${channelId}/messages`;
    const databaseUrl = server.platform.config.databaseUrl!;
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
    ctx.defer(() => pool.end());
    const bare = await startBare(ctx, async (req, res) => {
      const channelId = req.url!.split("/")[6]!;
      if (req.method === "POST") {
        const { content } = JSON.parse(await readBody(req));
        const r = await pool.query(INSERT_SQL, [newId(), space.id, channelId, bot.id, content]);
        sendJson(res, 201, JSON.stringify(toJson(r.rows[0])));
      } else {
        const r = await pool.query(PAGE_SQL, [channelId]);
        sendJson(res, 200, JSON.stringify(r.rows.map(toJson)));
      }
    });
    const stack = await startStackFloor(ctx, { databaseUrl, spaceId: space.id, botId: bot.id });
    const stackRedis = await startStackFloor(ctx, {
      databaseUrl,
      spaceId: space.id,
      botId: bot.id,
      redisUrl: server.platform.config.redisUrl,
      botToken: bot.token,
    });
    const send = { method: "POST" as const, body: CONTENT };
    const [sb, ss, sr, so] = await alternate(ctx, [
      { name: "bare node:http + pg: INSERT message", opts: { url: bare + path(space.generalId), ...send } },
      { name: "stack floor + pg: INSERT message", opts: { url: stack + path(space.generalId), ...send } },
      { name: "stack floor + the send's duties", opts: { url: stackRedis + path(space.generalId), headers, ...send } },
      { name: "POST bot message", opts: { url: server.url + path(space.generalId), headers, ...send } },
    ]);
    // A busy channel: its messages posted right before they are read, before any ANALYZE could see them.
    for (let i = 0; i < LIST_SEED; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const r = await fetch(server.url + path(listChannel), {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify(CONTENT),
          });
          if (r.status !== 201) throw new Error(`seeding answered ${r.status}: ${await r.text()}`);
        }),
      );
    }
    const [lb, ls, lo] = await alternate(ctx, [
      { name: "bare node:http + pg: plain SELECT of 50 messages", opts: { url: bare + path(listChannel) } },
      { name: "stack floor + pg: SELECT 50 messages", opts: { url: stack + path(listChannel) } },
      { name: "GET bot messages (50)", opts: { url: server.url + path(listChannel), headers } },
    ]);
    console.error(
      `bench: bot-messages: send ${ratio(so!, ss!)} stack floor (b), ${ratio(so!, sb!)} bare, ${ratio(so!, sr!)} stack floor with the send's duties (which is ${ratio(sr!, ss!)} of (b)); ` +
        `list ${ratio(lo!, ls!)} stack floor (c), ${ratio(lo!, lb!)} bare; stack floors ${ratio(ss!, sb!)} / ${ratio(ls!, lb!)} bare`,
    );
    return [sb!, ss!, sr!, so!, lb!, ls!, lo!];
  },
};
