// SQL the bot API needs beyond the messages store: a message found by space (reactions and deletion name no
// channel), the channel service messages go to, and the name they print.
import type { Knex } from "knex";
import type { MessageRow, ReactionCount } from "../messages/store.ts";

/** A live message of the space, whatever its channel; undefined for unknown, deleted or other-space ids. */
export async function findMessageInSpace(db: Knex, spaceId: string, id: string): Promise<MessageRow | undefined> {
  return db("messages as m")
    .leftJoin("users as u", "u.id", "m.author_id")
    .select("m.id", "m.space_id", "m.channel_id", "m.author_id", "m.kind", "m.ciphertext", "m.content", "m.epoch", "m.reply_to", "m.deleted_at", "m.created_at")
    .select(db.raw("coalesce(u.is_bot, false) as author_is_bot"))
    .where({ "m.id": id, "m.space_id": spaceId })
    .whereNull("m.deleted_at")
    .first();
}

/** The space's first text channel (by position): where service messages are written. */
export async function firstTextChannel(db: Knex, spaceId: string): Promise<string | undefined> {
  const row = await db("channels").select("id").where({ space_id: spaceId, type: "text" }).orderBy([{ column: "position" }, { column: "id" }]).first();
  return row?.id;
}

export async function usernameOf(db: Knex, userId: string): Promise<string | undefined> {
  const row = await db("users").select("username").where({ id: userId }).first();
  return row?.username;
}

/**
 * A page of a channel's bot and service messages with their reaction counts, in one query (the bot list is a
 * hot path; the reactions come aggregated per message, ordered by first use of each emoji).
 */
export async function listPlainMessages(db: Knex, channelId: string, opts: { limit: number; before?: string }): Promise<(MessageRow & { reactions: ReactionCount[] | null })[]> {
  const q = db("messages as m")
    .leftJoin("users as u", "u.id", "m.author_id")
    .select("m.id", "m.space_id", "m.channel_id", "m.author_id", "m.kind", "m.ciphertext", "m.content", "m.epoch", "m.reply_to", "m.deleted_at", "m.created_at")
    .select(db.raw("coalesce(u.is_bot, false) as author_is_bot"))
    .select(
      db.raw(`(select json_agg(json_build_object('emoji', r.emoji, 'count', r.n) order by r.first)
               from (select emoji, count(*)::int as n, min(created_at) as first from reactions where message_id = m.id group by emoji) r) as reactions`),
    )
    .where("m.channel_id", channelId)
    .whereNull("m.deleted_at")
    .whereIn("m.kind", ["bot", "service"]);
  if (opts.before) q.where("m.id", "<", opts.before);
  return q.orderBy("m.id", "desc").limit(opts.limit);
}
