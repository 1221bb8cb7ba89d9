// SQL of the members list and per-member changes. Adding and removing members lives in spaces/store.ts,
// beside the member_count it keeps exact.
import type { Knex } from "knex";
import type { MemberRow } from "../spaces/index.ts";

export interface MemberListRow extends MemberRow {
  username: string;
  display_name: string | null;
  is_bot: boolean;
}

/** When a UUIDv7 was made (its first 48 bits, in ms): the join time of a member whose row is gone. */
const v7Time = (id: string): Date => new Date(parseInt(id.replace(/-/g, "").slice(0, 12), 16));

/**
 * A page of members with the user fields the response needs, newest first (joined_at, then id), in one query on
 * the (space_id, joined_at, id) index. `before`: only members who joined before that one; when that member has
 * left since, its id still tells when it joined (ids are UUIDv7), so a page boundary survives a leave.
 */
export async function listMembers(db: Knex, spaceId: string, page: { limit: number; before?: string }): Promise<MemberListRow[]> {
  const q = db("members as m").join("users as u", "u.id", "m.user_id").where("m.space_id", spaceId).limit(page.limit);
  if (page.before) {
    const at = db("members").where({ id: page.before, space_id: spaceId }).select("joined_at");
    q.whereRaw("(m.joined_at, m.id) < (coalesce((?), ?::timestamptz), ?::uuid)", [at, v7Time(page.before), page.before]);
  }
  return q
    .select(
      "m.id",
      "m.space_id",
      "m.user_id",
      "m.role",
      "m.nickname",
      "m.display_role",
      "m.muted_until",
      "m.joined_at",
      "u.username",
      "u.display_name",
      "u.is_bot",
    )
    .orderBy([
      { column: "m.joined_at", order: "desc" },
      { column: "m.id", order: "desc" },
    ]);
}

export async function findMember(db: Knex, spaceId: string, memberId: string): Promise<MemberRow | undefined> {
  return db("members").where({ id: memberId, space_id: spaceId }).first<MemberRow | undefined>();
}

export async function updateMember(
  db: Knex,
  memberId: string,
  patch: Partial<Pick<MemberRow, "role" | "nickname" | "display_role" | "muted_until">>,
): Promise<void> {
  await db("members").where({ id: memberId }).update(patch);
}
