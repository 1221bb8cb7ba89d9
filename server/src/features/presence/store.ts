// The SQL presence needs: who hears of a user (spaces by size, friends), the hidden flag, and member-list slices
// for presence subscriptions (in the order GET /api/spaces/{id}/members answers: newest member first).
import type { Knex } from "knex";
import { prepare } from "../../platform/prepared.ts";

export interface Audience {
  /** Spaces of at most `largeThreshold` members: every connected member hears of the user. */
  smallSpaceIds: string[];
  /** Larger spaces: only the members' connections that subscribed to the user hear of it. */
  largeSpaceIds: string[];
  /** Accepted friends who share no small space with the user (those hear it through that space). */
  friendIds: string[];
  /** settings.privacy.show_presence is false. */
  hidden: boolean;
}

// Named statements with the ids as one array parameter: a connect storm runs these once per batch of sockets, and
// Knex's query building cost more CPU than the queries (the same reason as platform/prepared.ts's other users).
const SPACES_OF = prepare<{ user_id: string; space_id: string; member_count: number }>(
  "presence_audience_spaces",
  "SELECT m.user_id, m.space_id, s.member_count FROM members m JOIN spaces s ON s.id = m.space_id WHERE m.user_id = ANY($1::uuid[])",
);
const FRIENDS_OUTSIDE_SMALL_SPACES = prepare<{ user_id: string; friend_id: string }>(
  "presence_audience_friends",
  `SELECT f.user_id, f.friend_id FROM friendships f
   WHERE f.user_id = ANY($1::uuid[]) AND f.state = 'accepted' AND NOT EXISTS (
     SELECT 1 FROM members m1 JOIN members m2 ON m2.space_id = m1.space_id JOIN spaces s ON s.id = m1.space_id
     WHERE m1.user_id = f.user_id AND m2.user_id = f.friend_id AND s.member_count <= $2::int)`,
);
const SHOW_PRESENCE = prepare<{ id: string; show: unknown }>(
  "presence_audience_hidden",
  "SELECT id, settings->'privacy'->'show_presence' AS show FROM users WHERE id = ANY($1::uuid[])",
);

/** The audiences of many users in three queries (the announcements of one event-loop turn are batched). */
export async function audiencesOf(db: Knex, userIds: readonly string[], largeThreshold: number): Promise<Map<string, Audience>> {
  const ids = [...userIds];
  const [spaces, friends, users] = await Promise.all([
    SPACES_OF.run(db, [ids]),
    FRIENDS_OUTSIDE_SMALL_SPACES.run(db, [ids, largeThreshold]),
    SHOW_PRESENCE.run(db, [ids]),
  ]);
  const out = new Map<string, Audience>(ids.map((id) => [id, { smallSpaceIds: [], largeSpaceIds: [], friendIds: [], hidden: false }]));
  for (const r of spaces) {
    const a = out.get(r.user_id)!;
    (r.member_count > largeThreshold ? a.largeSpaceIds : a.smallSpaceIds).push(r.space_id);
  }
  for (const r of friends) out.get(r.user_id)!.friendIds.push(r.friend_id);
  for (const r of users) out.get(r.id)!.hidden = r.show === false;
  return out;
}

/** Those of `userIds` who are members of the space. */
export async function membersAmong(db: Knex, spaceId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db("members").select("user_id").where({ space_id: spaceId }).whereIn("user_id", userIds);
  return rows.map((r: { user_id: string }) => r.user_id);
}

/** Members at positions `start`…`end` (inclusive, from 0) of the member list. */
export async function memberRange(db: Knex, spaceId: string, start: number, end: number): Promise<string[]> {
  const rows = await db("members")
    .select("user_id")
    .where({ space_id: spaceId })
    .orderBy([{ column: "joined_at", order: "desc" }, { column: "id", order: "desc" }])
    .offset(start)
    .limit(end - start + 1);
  return rows.map((r: { user_id: string }) => r.user_id);
}

export async function allMembers(db: Knex, spaceId: string): Promise<string[]> {
  return (await db("members").select("user_id").where({ space_id: spaceId })).map((r: { user_id: string }) => r.user_id);
}
