// SQL the bot API needs beyond the messages store: a message found by space (reactions and deletion name no
// channel), the channel service messages go to, and the name they print.
import type { Knex } from "knex";
import type { MessageRow, ReactionCount } from "../messages/index.ts";
import { prepare } from "../../platform/prepared.ts";
import { newId } from "../../platform/ids.ts";

/** The space's first text channel (by position): where service messages are written. */
export async function firstTextChannel(db: Knex, spaceId: string): Promise<string | undefined> {
  const row = await db("channels")
    .select("id")
    .where({ space_id: spaceId, type: "text" })
    .orderBy([{ column: "position" }, { column: "id" }])
    .first<{ id: string } | undefined>();
  return row?.id;
}

export async function usernameOf(db: Knex, userId: string): Promise<string | undefined> {
  const row = await db("users").select("username").where({ id: userId }).first<{ username: string } | undefined>();
  return row?.username;
}

const PAGE_COLUMNS = "id, space_id, channel_id, author_id, kind, ciphertext, content, epoch, reply_to, deleted_at, created_at";
// The page is chosen first, by the partial index messages_plain_page alone, and only its rows get their reactions:
// whatever plan the statistics of a busy channel suggest, no other row is read, joined or sorted. A bot or
// service message's author is a bot exactly when its kind is `bot`, so no users row is read either.
const page = (before: boolean) =>
  prepare<MessageRow & { reactions: ReactionCount[] | null }>(
    before ? "bot_messages_page_before" : "bot_messages_page",
    `SELECT p.*, p.kind = 'bot' AS author_is_bot,
       (SELECT json_agg(json_build_object('emoji', r.emoji, 'count', r.n) ORDER BY r.first)
          FROM (SELECT emoji, count(*)::int AS n, min(created_at) AS first FROM reactions WHERE message_id = p.id GROUP BY emoji) r) AS reactions
     FROM (SELECT ${PAGE_COLUMNS} FROM messages
            WHERE channel_id = $1 AND kind IN ('bot', 'service') AND deleted_at IS NULL${before ? " AND id < $2" : ""}
            ORDER BY id DESC LIMIT ${before ? "$3" : "$2"}) p
     ORDER BY p.id DESC`,
  );
const PAGE = page(false);
const PAGE_BEFORE = page(true);

/**
 * A page of a channel's bot and service messages with their reaction counts, in one query (the bot list is a
 * hot path, so it is a prepared statement; the reactions come aggregated per message, ordered by first use of
 * each emoji).
 */
export function listPlainMessages(
  db: Knex,
  channelId: string,
  opts: { limit: number; before?: string },
): Promise<(MessageRow & { reactions: ReactionCount[] | null })[]> {
  return opts.before ? PAGE_BEFORE.run(db, [channelId, opts.before, opts.limit]) : PAGE.run(db, [channelId, opts.limit]);
}

const INSERT = prepare<Omit<MessageRow, "author_is_bot">>(
  "bot_messages_insert",
  `INSERT INTO messages (id, space_id, channel_id, author_id, kind, content, reply_to) VALUES ($1, $2, $3, $4, $5, $6, $7)
   RETURNING id, space_id, channel_id, author_id, kind, ciphertext, content, epoch, reply_to, deleted_at, created_at`,
);

/** A bot or service message (prepared: the send hot path); `db` may be a transaction. */
export async function insertPlainMessage(
  db: Knex,
  m: { spaceId: string; channelId: string; authorId: string | null; kind: "bot" | "service"; content: string; replyTo: string | null },
): Promise<MessageRow> {
  const [row] = await INSERT.run(db, [newId(), m.spaceId, m.channelId, m.authorId, m.kind, m.content, m.replyTo]);
  // Bots post `bot` messages; service messages have no author.
  return { ...row!, author_is_bot: m.kind === "bot" };
}
