// Who is in a space and what may they see: the questions every feature asks about spaces.
// Other features import these functions instead of querying the spaces tables themselves.
import type { Knex } from "knex";
import { notFound } from "../../platform/errors.ts";

export type Role = "owner" | "admin" | "moderator" | "member";

/** Highest first (CONTRACT 4). */
export const ROLE_RANK: Record<Role, number> = { owner: 3, admin: 2, moderator: 1, member: 0 };

export const atLeast = (role: Role, min: Role): boolean => ROLE_RANK[role] >= ROLE_RANK[min];

export interface Membership {
  memberId: string;
  spaceId: string;
  userId: string;
  role: Role;
  mutedUntil: Date | null;
}

export interface Channel {
  id: string;
  spaceId: string;
  name: string;
  type: "text" | "voice";
}

export async function findMembership(db: Knex, spaceId: string, userId: string): Promise<Membership | undefined> {
  const row = await db("members").select("id", "role", "muted_until").where({ space_id: spaceId, user_id: userId }).first();
  return row && { memberId: row.id, spaceId, userId, role: row.role, mutedUntil: row.muted_until };
}

/** The caller's membership, or 404 — a space the caller is not in is not known to exist (CONTRACT 0). */
export async function requireMembership(db: Knex, spaceId: string, userId: string): Promise<Membership> {
  const m = await findMembership(db, spaceId, userId);
  if (!m) throw notFound("space not found");
  return m;
}

export async function findChannel(db: Knex, spaceId: string, channelId: string): Promise<Channel | undefined> {
  const row = await db("channels").select("id", "space_id", "name", "type").where({ id: channelId, space_id: spaceId }).first();
  return row && { id: row.id, spaceId: row.space_id, name: row.name, type: row.type };
}

export async function requireChannel(db: Knex, spaceId: string, channelId: string): Promise<Channel> {
  const c = await findChannel(db, spaceId, channelId);
  if (!c) throw notFound("channel not found");
  return c;
}

export const isMuted = (m: Pick<Membership, "mutedUntil">, now: number): boolean => m.mutedUntil !== null && m.mutedUntil.getTime() > now;

/** User ids of a space's members (for realtime fan-out decisions). */
export async function memberUserIds(db: Knex, spaceId: string): Promise<string[]> {
  return (await db("members").select("user_id").where({ space_id: spaceId })).map((r) => r.user_id);
}

/** (user, space) pairs for the given users, in one query (the realtime gateway loads memberships with it). */
export async function spaceIdsOfUsers(db: Knex, userIds: string[]): Promise<{ userId: string; spaceId: string }[]> {
  if (!userIds.length) return [];
  const rows = await db("members").select("user_id", "space_id").whereIn("user_id", userIds);
  return rows.map((r) => ({ userId: r.user_id, spaceId: r.space_id }));
}
