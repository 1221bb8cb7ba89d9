// The SQL presence needs: who hears of a user (spaces by size, friends), the hidden flag, and member-list slices
// for presence subscriptions (in the order GET /api/spaces/{id}/members answers: newest member first).
import type { Knex } from "knex";

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

/** The audiences of many users in three queries (the announcements of one event-loop turn are batched). */
export async function audiencesOf(db: Knex, userIds: readonly string[], largeThreshold: number): Promise<Map<string, Audience>> {
  const ids = [...userIds];
  const [spaces, friends, users] = await Promise.all([
    db("members as m").join("spaces as s", "s.id", "m.space_id").select("m.user_id", "m.space_id", "s.member_count").whereIn("m.user_id", ids),
    db("friendships as f")
      .select("f.user_id", "f.friend_id")
      .whereIn("f.user_id", ids)
      .where("f.state", "accepted")
      .whereNotExists((q) =>
        q
          .select(db.raw("1"))
          .from("members as m1")
          .join("members as m2", "m2.space_id", "m1.space_id")
          .join("spaces as s", "s.id", "m1.space_id")
          .whereRaw("m1.user_id = f.user_id")
          .whereRaw("m2.user_id = f.friend_id")
          .where("s.member_count", "<=", largeThreshold),
      ),
    db("users").select("id", db.raw("settings->'privacy'->'show_presence' as show")).whereIn("id", ids),
  ]);
  const out = new Map<string, Audience>(ids.map((id) => [id, { smallSpaceIds: [], largeSpaceIds: [], friendIds: [], hidden: false }]));
  for (const r of spaces as { user_id: string; space_id: string; member_count: number }[]) {
    const a = out.get(r.user_id)!;
    (r.member_count > largeThreshold ? a.largeSpaceIds : a.smallSpaceIds).push(r.space_id);
  }
  for (const r of friends as { user_id: string; friend_id: string }[]) out.get(r.user_id)!.friendIds.push(r.friend_id);
  for (const r of users as { id: string; show: unknown }[]) out.get(r.id)!.hidden = r.show === false;
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
