// SQL of the users feature: profile writes are single statements (no row locks held, no read-modify-write).
import type { Knex } from "knex";
import { USER_COLUMNS, type UserRow } from "./view.ts";

interface SettingsRow {
  settings: Record<string, unknown>;
}

export function findUser(db: Knex, id: string): Promise<UserRow | undefined> {
  return db("users").select(USER_COLUMNS).where({ id }).first<UserRow | undefined>();
}

export async function insertAnonymous(db: Knex, row: { id: string; username: string; default_avatar_index: number }): Promise<UserRow> {
  const [user] = await db("users")
    .insert({ ...row, is_anonymous: true })
    .returning<UserRow[]>(USER_COLUMNS);
  return user!; // an INSERT … RETURNING of one row returns it
}

/** One `UPDATE … RETURNING`; `onlyAnonymous` makes the write conditional instead of reading first. */
export async function updateProfile(
  db: Knex,
  id: string,
  patch: Record<string, unknown>,
  onlyAnonymous = false,
): Promise<UserRow | undefined> {
  const q = db("users").update(patch).where({ id });
  if (onlyAnonymous) q.andWhere({ is_anonymous: true });
  const [user] = await q.returning<UserRow[]>(USER_COLUMNS);
  return user;
}

/** Whether another account holds this username or e-mail (both citext: case-insensitive). */
export async function takenByOther(db: Knex, column: "username" | "email", value: string, userId: string): Promise<boolean> {
  return Boolean(await db("users").where(column, value).whereNot({ id: userId }).first("id"));
}

export async function setAvatar(db: Knex, id: string, index: number): Promise<boolean> {
  return (await db("users").update({ default_avatar_index: index }).where({ id })) > 0;
}

export async function readSettings(db: Knex, id: string): Promise<Record<string, unknown> | undefined> {
  const row = await db("users").select("settings").where({ id }).first<SettingsRow | undefined>();
  return row?.settings;
}

/**
 * Deep merge in one statement: top-level scalars with `||`, each nested object with its own `||`,
 * so concurrent PATCHes of different keys (even inside the same object) never overwrite each other.
 */
export async function mergeSettings(
  db: Knex,
  id: string,
  top: Record<string, unknown>,
  nested: Record<string, Record<string, unknown>>,
): Promise<Record<string, unknown> | undefined> {
  let expr = "settings || ?::jsonb";
  const bindings: string[] = [JSON.stringify(top)];
  for (const [key, value] of Object.entries(nested)) {
    expr = `jsonb_set(${expr}, ?::text[], coalesce(settings->?, '{}'::jsonb) || ?::jsonb)`;
    bindings.push(`{${key}}`, key, JSON.stringify(value));
  }
  const sql = `UPDATE users SET settings = ${expr} WHERE id = ? RETURNING settings`;
  const { rows } = await db.raw<{ rows: SettingsRow[] }>(sql, [...bindings, id]);
  return rows[0]?.settings;
}

/**
 * Locks the account's row until the transaction ends (FOR NO KEY UPDATE: rows that only reference the account
 * are not held up) and answers whether it is anonymous; undefined when it does not exist.
 */
export async function lockAccount(db: Knex, id: string): Promise<{ is_anonymous: boolean } | undefined> {
  return db("users").select("is_anonymous").where({ id }).forNoKeyUpdate().first<{ is_anonymous: boolean } | undefined>();
}
