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

// One named statement with the ids as one array parameter: a connect storm runs it once per batch of sockets, and
// Knex's query building costs more CPU than the query (the same reason as platform/prepared.ts's other users). One
// row per user: its spaces split by size, its friends who share no small space with it, its show_presence setting.
const AUDIENCES = prepare<{ id: string; show: unknown; small: string[]; large: string[]; friends: string[] }>(
  "presence_audiences",
  `SELECT u.id, u.settings->'privacy'->'show_presence' AS show,
     ARRAY(SELECT m.space_id FROM members m JOIN spaces s ON s.id = m.space_id WHERE m.user_id = u.id AND s.member_count <= t.n) AS small,
     ARRAY(SELECT m.space_id FROM members m JOIN spaces s ON s.id = m.space_id WHERE m.user_id = u.id AND s.member_count > t.n) AS large,
     ARRAY(SELECT f.friend_id FROM friendships f WHERE f.user_id = u.id AND f.state = 'accepted' AND NOT EXISTS (
       SELECT 1 FROM members m1 JOIN members m2 ON m2.space_id = m1.space_id JOIN spaces s ON s.id = m1.space_id
       WHERE m1.user_id = f.user_id AND m2.user_id = f.friend_id AND s.member_count <= t.n)) AS friends
   FROM (SELECT $1::uuid[] AS ids, $2::int AS n) t JOIN users u ON u.id = ANY(t.ids)`,
);

/** The audiences of many users in one query (the announcements of one event-loop turn are batched). */
export async function audiencesOf(db: Knex, userIds: readonly string[], largeThreshold: number): Promise<Map<string, Audience>> {
  const ids = [...userIds];
  const out = new Map<string, Audience>(ids.map((id) => [id, { smallSpaceIds: [], largeSpaceIds: [], friendIds: [], hidden: false }]));
  for (const r of await AUDIENCES.run(db, [ids, largeThreshold])) {
    out.set(r.id, { smallSpaceIds: r.small, largeSpaceIds: r.large, friendIds: r.friends, hidden: r.show === false });
  }
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
    .orderBy([
      { column: "joined_at", order: "desc" },
      { column: "id", order: "desc" },
    ])
    .offset(start)
    .limit(end - start + 1);
  return rows.map((r: { user_id: string }) => r.user_id);
}
