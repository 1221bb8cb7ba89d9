// SQL of bot accounts: a bot is a users row (is_bot) plus a bots row (owner, token hash, state).
import type { Knex } from "knex";

export type BotState = "ACTIVE" | "suspended" | "deleted";

/** The bot a request authenticates as (bots/auth.ts): who it is, whose it is, and whether it may act. */
export interface BotPrincipal {
  id: string;
  ownerId: string;
  state: BotState;
}

export interface BotRow {
  id: string;
  username: string;
  display_name: string | null;
  description: string;
  owner_id: string;
  state: BotState;
  created_at: Date;
}

const COLUMNS = ["u.id", "u.username", "u.display_name", "b.description", "b.owner_id", "b.state", "b.created_at"];

const bots = (db: Knex) => db({ b: "bots" }).join({ u: "users" }, "u.id", "b.user_id").select<BotRow[]>(COLUMNS);

export async function insertBot(
  trx: Knex,
  b: {
    id: string;
    username: string;
    displayName: string | null;
    description: string;
    ownerId: string;
    tokenHash: Buffer;
    avatarIndex: number;
  },
): Promise<void> {
  await trx("users").insert({
    id: b.id,
    username: b.username,
    display_name: b.displayName,
    is_bot: true,
    default_avatar_index: b.avatarIndex,
  });
  await trx("bots").insert({ user_id: b.id, owner_id: b.ownerId, token_hash: b.tokenHash, description: b.description });
}

/** Bots of an owner that are not deleted. */
export async function countLiveBots(db: Knex, ownerId: string): Promise<number> {
  const row = await db("bots").where({ owner_id: ownerId }).whereNot({ state: "deleted" }).count<{ n: string }[]>({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

export async function findBot(db: Knex, botId: string): Promise<BotRow | undefined> {
  return bots(db).where("b.user_id", botId).first<BotRow | undefined>();
}

export async function listOwned(db: Knex, ownerId: string): Promise<BotRow[]> {
  return bots(db).where("b.owner_id", ownerId).orderBy("b.user_id", "desc");
}

export async function updateProfile(
  trx: Knex,
  botId: string,
  p: { username?: string; display_name?: string | null; description?: string },
): Promise<void> {
  const user = { username: p.username, display_name: p.display_name };
  if (user.username !== undefined || user.display_name !== undefined) await trx("users").where({ id: botId }).update(user);
  if (p.description !== undefined) await trx("bots").where({ user_id: botId }).update({ description: p.description });
}

export async function setState(db: Knex, botId: string, state: BotState): Promise<void> {
  await db("bots").where({ user_id: botId }).update({ state });
}

export async function setTokenHash(db: Knex, botId: string, tokenHash: Buffer): Promise<void> {
  await db("bots").where({ user_id: botId }).update({ token_hash: tokenHash });
}

export async function isServiceAdmin(db: Knex, userId: string): Promise<boolean> {
  const row = await db("users").select("is_admin").where({ id: userId }).first<{ is_admin: boolean } | undefined>();
  return Boolean(row?.is_admin);
}

/** The bot a token hash belongs to (in whatever state), for authentication. */
export async function botByTokenHash(db: Knex, hash: Buffer): Promise<BotPrincipal | undefined> {
  const row = await db("bots")
    .select("user_id", "owner_id", "state")
    .where({ token_hash: hash })
    .first<{ user_id: string; owner_id: string; state: BotState } | undefined>();
  return row && { id: row.user_id, ownerId: row.owner_id, state: row.state };
}
