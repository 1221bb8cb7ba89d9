// SQL of the members list and per-member changes. Adding and removing members lives in spaces/store.ts,
// beside the member_count it keeps exact.
import type { Knex } from "knex";
import type { MemberRow } from "../spaces/index.ts";

export interface MemberListRow extends MemberRow {
  username: string;
  display_name: string | null;
  is_bot: boolean;
}

/** Every member with the user fields the response needs, newest first, in one query. */
export async function listMembers(db: Knex, spaceId: string): Promise<MemberListRow[]> {
  return db("members as m")
    .join("users as u", "u.id", "m.user_id")
    .where("m.space_id", spaceId)
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
  return db("members").where({ id: memberId, space_id: spaceId }).first();
}

export async function updateMember(
  db: Knex,
  memberId: string,
  patch: Partial<Pick<MemberRow, "role" | "nickname" | "display_role" | "muted_until">>,
): Promise<void> {
  await db("members").where({ id: memberId }).update(patch);
}
