// SQL of the messages and reactions tables. Pages use the (channel_id, id desc) index: ids are UUIDv7, so
// `id < before` ordered by id desc is "older than that message, newest first".
import type { Knex } from "knex";
import { newId } from "../../platform/ids.ts";

export type MessageKind = "user" | "bot" | "service";

export interface MessageRow {
  id: string;
  space_id: string;
  channel_id: string;
  author_id: string | null;
  kind: MessageKind;
  ciphertext: string | null;
  content: string | null;
  epoch: string | number | null;
  reply_to: string | null;
  deleted_at: Date | null;
  created_at: Date;
  /** From the author's user row; false for service messages. */
  author_is_bot: boolean;
}

export interface NewMessage {
  spaceId: string;
  channelId: string;
  authorId: string | null;
  kind: MessageKind;
  /** User messages: the opaque MLS ciphertext. */
  ciphertext?: string | null;
  /** Bot and service messages: plain text. */
  content?: string | null;
  epoch?: number | null;
  replyTo?: string | null;
}

export interface ReactionCount {
  emoji: string;
  count: number;
}

const COLUMNS = [
  "m.id",
  "m.space_id",
  "m.channel_id",
  "m.author_id",
  "m.kind",
  "m.ciphertext",
  "m.content",
  "m.epoch",
  "m.reply_to",
  "m.deleted_at",
  "m.created_at",
];

/** Messages with `author_is_bot`, which their kind tells: bots post `bot` messages, users `user` ones. */
function selectMessages(db: Knex) {
  return db("messages as m").select(...COLUMNS, db.raw("m.kind = 'bot' as author_is_bot"));
}

/** Writes a message (in `db`, which may be a transaction) and returns its row. */
export async function insertMessage(db: Knex, msg: NewMessage): Promise<MessageRow> {
  const [row] = await db("messages")
    .insert({
      id: newId(),
      space_id: msg.spaceId,
      channel_id: msg.channelId,
      author_id: msg.authorId,
      kind: msg.kind,
      ciphertext: msg.ciphertext ?? null,
      content: msg.content ?? null,
      epoch: msg.epoch ?? null,
      reply_to: msg.replyTo ?? null,
    })
    .returning<Omit<MessageRow, "author_is_bot">[]>([
      "id",
      "space_id",
      "channel_id",
      "author_id",
      "kind",
      "ciphertext",
      "content",
      "epoch",
      "reply_to",
      "deleted_at",
      "created_at",
    ]);
  // Bots post `bot` messages and users `user` ones, so the kind tells without reading the author's row.
  return { ...row!, author_is_bot: msg.kind === "bot" }; // an INSERT … RETURNING of one row returns it
}

/** A live message of the space, whatever its channel; undefined for unknown, deleted or other-space ids. */
export async function findMessageInSpace(db: Knex, spaceId: string, id: string): Promise<MessageRow | undefined> {
  return selectMessages(db).where({ "m.id": id, "m.space_id": spaceId }).whereNull("m.deleted_at").first<MessageRow | undefined>();
}

/** A live (not deleted) message of a channel. */
export async function findMessage(db: Knex, channelId: string, id: string): Promise<MessageRow | undefined> {
  return selectMessages(db).where({ "m.id": id, "m.channel_id": channelId }).whereNull("m.deleted_at").first<MessageRow | undefined>();
}

export async function listMessages(
  db: Knex,
  channelId: string,
  opts: { limit: number; before?: string; kinds?: MessageKind[] },
): Promise<MessageRow[]> {
  const q = selectMessages(db).where("m.channel_id", channelId).whereNull("m.deleted_at");
  if (opts.before) q.where("m.id", "<", opts.before);
  if (opts.kinds) q.whereIn("m.kind", opts.kinds);
  return q.orderBy("m.id", "desc").limit(opts.limit);
}

/** Marks a message deleted; false when it was already gone. */
export async function softDeleteMessage(db: Knex, id: string): Promise<boolean> {
  return (await db("messages").where({ id }).whereNull("deleted_at").update({ deleted_at: db.fn.now() })) > 0;
}

/** Reaction counts per message, in one query, ordered by first use of each emoji. */
export async function reactionCounts(db: Knex, messageIds: string[]): Promise<Map<string, ReactionCount[]>> {
  const out = new Map<string, ReactionCount[]>();
  if (!messageIds.length) return out;
  const rows = await db("reactions")
    .select("message_id", "emoji")
    .count({ count: "*" })
    .min({ first: "created_at" })
    .whereIn("message_id", messageIds)
    .groupBy("message_id", "emoji")
    .orderBy("first", "asc");
  for (const r of rows as { message_id: string; emoji: string; count: string | number }[]) {
    const list = out.get(r.message_id) ?? [];
    list.push({ emoji: r.emoji, count: Number(r.count) });
    out.set(r.message_id, list);
  }
  return out;
}

/** Adds a reaction; true when it is new (repeating one is not an error). */
export async function addReaction(db: Knex, messageId: string, userId: string, emoji: string): Promise<boolean> {
  const rows = await db("reactions")
    .insert({ message_id: messageId, user_id: userId, emoji })
    .onConflict(["message_id", "user_id", "emoji"])
    .ignore()
    .returning("emoji");
  return rows.length > 0;
}
