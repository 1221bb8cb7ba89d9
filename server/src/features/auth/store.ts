// SQL of accounts and device sessions (a session is what the API calls a device).
import type { Knex } from "knex";
import { prepare } from "../../platform/prepared.ts";
import { USER_COLUMNS, type UserRow } from "../users/index.ts";

export interface CredentialRow extends UserRow {
  password_hash: string | null;
}

export function findUserById(db: Knex, id: string): Promise<UserRow | undefined> {
  return db("users").select(USER_COLUMNS).where({ id }).first();
}

/** By username or e-mail, case-insensitively (both are citext). */
export function findByLogin(db: Knex, login: string): Promise<CredentialRow | undefined> {
  const column = login.includes("@") ? "email" : "username";
  return db("users")
    .select([...USER_COLUMNS, "password_hash"])
    .where(column, login)
    .andWhere("is_bot", false)
    .first();
}

export async function insertUser(db: Knex, row: Record<string, unknown>): Promise<UserRow> {
  const [user] = await db("users").insert(row).returning<UserRow[]>(USER_COLUMNS);
  return user!; // an INSERT … RETURNING of one row returns it
}

export interface SessionRow {
  id: string;
  user_id: string;
  secret_hash: Buffer;
  trusted: boolean;
  revoked_at: Date | null;
}

export function findSession(db: Knex, id: string): Promise<SessionRow | undefined> {
  return db("sessions").select("id", "user_id", "secret_hash", "trusted", "revoked_at").where({ id }).first();
}

export async function insertSession(
  db: Knex,
  row: { id: string; user_id: string; name: string | null; user_agent: string | null; secret_hash: Buffer },
) {
  await db("sessions").insert(row);
}

export async function insertRefreshToken(db: Knex, hash: Buffer, sessionId: string, expiresAt: Date) {
  await db("refresh_tokens").insert({ hash, session_id: sessionId, expires_at: expiresAt });
}

/** Drops the session's refresh tokens not used yet (a resumed device starts a fresh chain). */
export async function dropUnusedRefreshTokens(db: Knex, sessionId: string) {
  await db("refresh_tokens").where({ session_id: sessionId }).whereNull("used_at").delete();
}

export interface RefreshRow {
  session_id: string;
  expires_at: Date;
  used_at: Date | null;
  user_id: string;
  revoked_at: Date | null;
}

export function findRefreshToken(db: Knex, hash: Buffer): Promise<RefreshRow | undefined> {
  return db("refresh_tokens as r")
    .join("sessions as s", "s.id", "r.session_id")
    .select("r.session_id", "r.expires_at", "r.used_at", "s.user_id", "s.revoked_at")
    .where("r.hash", hash)
    .first();
}

/** Marks a refresh token used; false when another request used it first. */
export async function useRefreshToken(db: Knex, hash: Buffer): Promise<boolean> {
  return (await db("refresh_tokens").where({ hash }).whereNull("used_at").update({ used_at: db.fn.now() })) === 1;
}

export function findCredentialsById(db: Knex, id: string): Promise<CredentialRow | undefined> {
  return db("users")
    .select([...USER_COLUMNS, "password_hash"])
    .where({ id })
    .first();
}

/** Ids of the user's sessions not revoked yet, except `keep`. */
export async function liveSessionIds(db: Knex, userId: string, keep?: string): Promise<string[]> {
  const q = db("sessions").where({ user_id: userId }).whereNull("revoked_at").pluck("id");
  if (keep) q.whereNot("id", keep);
  return q;
}

export async function isTaken(db: Knex, column: "username" | "email", value: string): Promise<boolean> {
  return Boolean(await db("users").where(column, value).first("id"));
}

/** The user ids of those of `ids` that are live sessions, in one query (socket connects, batched). */
export async function sessionOwners(db: Knex, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await SESSION_OWNERS.run(db, [[...ids]]);
  return new Map(rows.map((r) => [r.id, r.user_id]));
}

// A named statement with the ids as one array parameter: socket connects run it once per batch (a connect storm),
// where Knex's query building costs more CPU than the query.
const SESSION_OWNERS = prepare<{ id: string; user_id: string }>(
  "auth_session_owners",
  "SELECT id, user_id FROM sessions WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL",
);

/** Which of `ids` are live sessions (one query; the realtime gateway re-checks its sockets with it). */
export async function liveSessionsAmong(db: Knex, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db("sessions").select("id").whereIn("id", ids).whereNull("revoked_at");
  return new Set(rows.map((r: { id: string }) => r.id));
}

/** How stale `last_seen_at` may get: a device list shows activity, not each request. */
const TOUCH_EVERY_SECONDS = 300;

/**
 * A live session's user id, undefined when it is unknown or revoked. Its `last_seen_at` is written only when older
 * than TOUCH_EVERY_SECONDS, so a busy session costs a read per cache miss, not a row version.
 */
export async function touchSession(db: Knex, id: string): Promise<string | undefined> {
  const { rows } = await db.raw<{ rows: { user_id: string }[] }>(
    `WITH s AS (SELECT id, user_id, last_seen_at FROM sessions WHERE id = ? AND revoked_at IS NULL),
          touched AS (UPDATE sessions SET last_seen_at = now()
                       WHERE id = (SELECT id FROM s WHERE last_seen_at < now() - make_interval(secs => ?)))
     SELECT user_id FROM s`,
    [id, TOUCH_EVERY_SECONDS],
  );
  return rows[0]?.user_id;
}

export interface DeviceRow {
  id: string;
  name: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  trusted: boolean;
}

/** A user's open sessions, newest first (ids are UUIDv7). */
export function liveDevices(db: Knex, userId: string): Promise<DeviceRow[]> {
  return db("sessions")
    .select("id", "name", "user_agent", "created_at", "last_seen_at", "trusted")
    .where({ user_id: userId })
    .whereNull("revoked_at")
    .orderBy("id", "desc");
}

/** Sets `trusted` on one of the user's live sessions; false when there is no such session. */
export async function setSessionTrusted(db: Knex, userId: string, sessionId: string, trusted: boolean): Promise<boolean> {
  const n = await db("sessions").where({ id: sessionId, user_id: userId }).whereNull("revoked_at").update({ trusted });
  return n === 1;
}

export async function setPushToken(db: Knex, sessionId: string, token: string | null, platform: string | null): Promise<void> {
  await db("sessions").where({ id: sessionId }).update({ push_token: token, push_platform: platform });
}

/** Marks the live ones of `sessionIds` revoked (`db` may be a transaction). */
export async function revokeSessions(db: Knex, sessionIds: string[]): Promise<void> {
  await db("sessions").whereIn("id", sessionIds).whereNull("revoked_at").update({ revoked_at: db.fn.now() });
}
