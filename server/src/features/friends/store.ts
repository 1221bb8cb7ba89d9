// SQL of friendships: a pending request is one row (requester → target); a friendship is two 'accepted' rows.
import type { Knex } from "knex";
import { USER_COLUMNS, type UserRow } from "../users/index.ts";

export interface Target {
  id: string;
  policy: string | null;
}

export function findByUsername(db: Knex, username: string): Promise<Target | undefined> {
  return db("users").select("id", db.raw("settings->'privacy'->>'friend_requests' as policy")).where({ username }).first();
}

/** Serialises everything that touches one pair, so two people adding each other at once end up friends. */
export async function lockPair(trx: Knex, a: string, b: string): Promise<void> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [key]);
}

export async function stateOf(db: Knex, from: string, to: string): Promise<"pending" | "accepted" | undefined> {
  const row = await db("friendships")
    .select("state")
    .where({ user_id: from, friend_id: to })
    .first<{ state: "pending" | "accepted" } | undefined>();
  return row?.state;
}

export async function shareFriend(db: Knex, a: string, b: string): Promise<boolean> {
  const row = await db("friendships as x")
    .join("friendships as y", "y.friend_id", "x.friend_id")
    .where({ "x.user_id": a, "x.state": "accepted", "y.user_id": b, "y.state": "accepted" })
    .first<{ one: number } | undefined>(db.raw("1 as one"));
  return Boolean(row);
}

export async function request(db: Knex, from: string, to: string): Promise<void> {
  await db("friendships").insert({ user_id: from, friend_id: to, state: "pending" }).onConflict(["user_id", "friend_id"]).ignore();
}

export async function accept(db: Knex, a: string, b: string): Promise<void> {
  await db("friendships")
    .insert([
      { user_id: a, friend_id: b, state: "accepted" },
      { user_id: b, friend_id: a, state: "accepted" },
    ])
    .onConflict(["user_id", "friend_id"])
    .merge({ state: "accepted" });
}

/** Removes a friendship or a pending request in either direction; the number of rows removed. */
export async function removeEither(db: Knex, a: string, b: string): Promise<number> {
  return db("friendships")
    .where((q) => void q.where({ user_id: a, friend_id: b }).orWhere({ user_id: b, friend_id: a }))
    .del();
}

const cols = (alias: string) => USER_COLUMNS.map((c) => `${alias}.${c}`);

export function friendsOf(db: Knex, userId: string): Promise<UserRow[]> {
  return db("friendships as f")
    .join("users as u", "u.id", "f.friend_id")
    .select(cols("u"))
    .where({ "f.user_id": userId, "f.state": "accepted" })
    .orderBy("f.created_at", "desc");
}

export function incoming(db: Knex, userId: string): Promise<UserRow[]> {
  return db("friendships as f")
    .join("users as u", "u.id", "f.user_id")
    .select(cols("u"))
    .where({ "f.friend_id": userId, "f.state": "pending" })
    .orderBy("f.created_at", "desc");
}

export function outgoing(db: Knex, userId: string): Promise<UserRow[]> {
  return db("friendships as f")
    .join("users as u", "u.id", "f.friend_id")
    .select(cols("u"))
    .where({ "f.user_id": userId, "f.state": "pending" })
    .orderBy("f.created_at", "desc");
}
