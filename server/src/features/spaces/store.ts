// SQL of spaces, memberships and join requests. Member counts change only in the statements that add or
// remove a member row, so concurrent joins and leaves can never make them drift.
import type { Knex } from "knex";
import { prepare } from "../../platform/prepared.ts";
import type { Role } from "./rules.ts";

/** A user's membership of a space, as the membership API (membership.ts) answers it. */
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

export interface SpaceRow {
  id: string;
  name: string;
  description: string;
  visibility: "public" | "private";
  owner_id: string;
  invite_code: string;
  member_count: number;
  last_activity_at: Date;
  created_at: Date;
}

/** A space with the caller's role in it (null: not a member). */
export interface SpaceWithRole extends SpaceRow {
  my_role: Role | null;
}

export interface DirectoryRow extends SpaceRow {
  is_member: boolean;
}

export interface MemberRow {
  id: string;
  space_id: string;
  user_id: string;
  role: Role;
  nickname: string | null;
  display_role: string | null;
  muted_until: Date | null;
  joined_at: Date;
}

export interface JoinRequestRow {
  id: string;
  space_id: string;
  user_id: string;
  username: string;
  message: string | null;
  status: "pending" | "approved" | "rejected";
  created_at: Date;
  resolved_at: Date | null;
}

const SPACE_COLUMNS = [
  "id",
  "name",
  "description",
  "visibility",
  "owner_id",
  "invite_code",
  "member_count",
  "last_activity_at",
  "created_at",
];
const s = (cols: string[]) => cols.map((c) => `s.${c}`);

export async function countOwnedSpaces(db: Knex, ownerId: string): Promise<number> {
  const row = await db("spaces").where({ owner_id: ownerId }).count<{ n: string }[]>({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

export async function insertSpace(db: Knex, row: Omit<SpaceRow, "member_count">): Promise<void> {
  await db("spaces").insert({ ...row, member_count: 0 });
}

export async function insertChannels(
  db: Knex,
  rows: { id: string; space_id: string; name: string; type: string; position: number; created_at: Date }[],
) {
  await db("channels").insert(rows);
}

export async function findSpace(db: Knex, id: string): Promise<SpaceRow | undefined> {
  return db("spaces").select(SPACE_COLUMNS).where({ id }).first<SpaceRow | undefined>();
}

export async function findSpaceByInvite(db: Knex, code: string): Promise<SpaceRow | undefined> {
  return db("spaces").select(SPACE_COLUMNS).where({ invite_code: code }).first<SpaceRow | undefined>();
}

/** The caller's spaces, most recently joined first. */
export async function spacesOf(db: Knex, userId: string): Promise<SpaceWithRole[]> {
  return db("members as m")
    .join("spaces as s", "s.id", "m.space_id")
    .where("m.user_id", userId)
    .select<SpaceWithRole[]>([...s(SPACE_COLUMNS), "m.role as my_role"])
    .orderBy([
      { column: "m.joined_at", order: "desc" },
      { column: "m.id", order: "desc" },
    ]);
}

const SORT_COLUMN = { members: "member_count", activity: "last_activity_at", created: "created_at" } as const;
export type DiscoverSort = keyof typeof SORT_COLUMN;

/** Public spaces in one of the partial indexes' orders (spaces_public_members / _activity / _created). */
export async function discover(db: Knex, viewerId: string, sort: DiscoverSort, limit: number, offset: number): Promise<DirectoryRow[]> {
  const col = SORT_COLUMN[sort];
  return db("spaces as s")
    .where("s.visibility", "public")
    .select<DirectoryRow[]>([
      ...s(SPACE_COLUMNS),
      db.raw("EXISTS (SELECT 1 FROM members m WHERE m.space_id = s.id AND m.user_id = ?) AS is_member", [viewerId]),
    ])
    .orderBy([
      { column: `s.${col}`, order: "desc" },
      { column: "s.id", order: "desc" },
    ])
    .limit(limit)
    .offset(offset);
}

/**
 * Public spaces and the caller's own whose name contains the pattern, case-insensitively, biggest first.
 * Two branches so each has a good plan: public matches either through the trigram GIN index
 * spaces_name_trgm (selective patterns of 3+ characters) or by walking spaces_public_members in order
 * until `limit` match (short, common patterns — no full scan and sort); the caller's private spaces come
 * from members (user_id). The spaces benchmark EXPLAINs this query as the server sends it.
 */
export async function search(
  db: Knex,
  viewerId: string,
  pattern: string,
  limit: number,
): Promise<(DirectoryRow & { visibility: string })[]> {
  const order = [
    { column: "member_count", order: "desc" },
    { column: "id", order: "desc" },
  ];
  const pub = db("spaces as s")
    .where("s.visibility", "public")
    .whereRaw("s.name ILIKE ?", [pattern])
    .select([
      ...s(SPACE_COLUMNS),
      db.raw("EXISTS (SELECT 1 FROM members m WHERE m.space_id = s.id AND m.user_id = ?) AS is_member", [viewerId]),
    ])
    .orderBy(order.map((o) => ({ ...o, column: `s.${o.column}` })))
    .limit(limit);
  const own = db("members as m")
    .join("spaces as s", "s.id", "m.space_id")
    .where("m.user_id", viewerId)
    .where("s.visibility", "<>", "public")
    .whereRaw("s.name ILIKE ?", [pattern])
    .select([...s(SPACE_COLUMNS), db.raw("true AS is_member")]);
  return db
    .select<(DirectoryRow & { visibility: string })[]>("*")
    .from(db.unionAll([pub, own], true).as("found"))
    .orderBy(order)
    .limit(limit);
}

export async function updateSpace(
  db: Knex,
  id: string,
  patch: Partial<Pick<SpaceRow, "name" | "description" | "visibility" | "invite_code">>,
) {
  if (Object.keys(patch).length) await db("spaces").where({ id }).update(patch);
}

export async function deleteSpace(db: Knex, id: string): Promise<void> {
  await db("spaces").where({ id }).delete();
}

/**
 * Adds a member unless already in, and counts it, in ONE statement: the insert's RETURNING feeds the
 * increment, so the count moves exactly when a row was added. Returns the new member, or undefined
 * when the user already was one.
 */
export async function addMember(
  db: Knex,
  m: { id: string; spaceId: string; userId: string; role: Role; at: Date },
): Promise<MemberRow | undefined> {
  const res = await db.raw<{ rows: MemberRow[] }>(
    `WITH ins AS (
       INSERT INTO members (id, space_id, user_id, role, joined_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (space_id, user_id) DO NOTHING
       RETURNING id, space_id, user_id, role, nickname, display_role, muted_until, joined_at
     ), bump AS (
       UPDATE spaces SET member_count = member_count + 1, last_activity_at = GREATEST(last_activity_at, ?)
       WHERE id = ? AND EXISTS (SELECT 1 FROM ins)
     )
     SELECT * FROM ins`,
    [m.id, m.spaceId, m.userId, m.role, m.at, m.at, m.spaceId],
  );
  return res.rows[0];
}

/** Removes a non-owner member and uncounts it in one statement; undefined when there was no such member. */
export async function removeMember(db: Knex, spaceId: string, userId: string, at: Date): Promise<MemberRow | undefined> {
  const res = await db.raw<{ rows: MemberRow[] }>(
    `WITH del AS (
       DELETE FROM members WHERE space_id = ? AND user_id = ? AND role <> 'owner'
       RETURNING id, space_id, user_id, role, nickname, display_role, muted_until, joined_at
     ), bump AS (
       UPDATE spaces SET member_count = member_count - 1, last_activity_at = GREATEST(last_activity_at, ?)
       WHERE id = ? AND EXISTS (SELECT 1 FROM del)
     )
     SELECT * FROM del`,
    [spaceId, userId, at, spaceId],
  );
  return res.rows[0];
}

/** User ids of a space's members (for realtime fan-out decisions). */
export async function memberUserIds(db: Knex, spaceId: string): Promise<string[]> {
  return (await db("members").select<{ user_id: string }[]>("user_id").where({ space_id: spaceId })).map((r) => r.user_id);
}

export async function findMembership(db: Knex, spaceId: string, userId: string): Promise<Membership | undefined> {
  const row = await db("members")
    .select("id", "role", "muted_until")
    .where({ space_id: spaceId, user_id: userId })
    .first<Pick<MemberRow, "id" | "role" | "muted_until"> | undefined>();
  return row && { memberId: row.id, spaceId, userId, role: row.role, mutedUntil: row.muted_until };
}

/** A space with the caller's member row, or with nulls where the left join found none. */
type SpaceMembershipRow = SpaceRow &
  ({ m_id: string; m_role: Role; m_muted_until: Date | null } | { m_id: null; m_role: null; m_muted_until: null });

/** The space and the caller's membership in one query (undefined: no such space; `me` undefined: not a member). */
export async function spaceWithMembership(
  db: Knex,
  spaceId: string,
  userId: string,
): Promise<{ space: SpaceRow; me: Membership | undefined } | undefined> {
  const row = await db("spaces as s")
    .leftJoin("members as m", (j) => j.on("m.space_id", "s.id").andOn("m.user_id", db.raw("?", [userId])))
    .where("s.id", spaceId)
    .select("s.*", "m.id as m_id", "m.role as m_role", "m.muted_until as m_muted_until")
    .first<SpaceMembershipRow | undefined>();
  if (!row) return undefined;
  const { m_id, m_role, m_muted_until, ...space } = row;
  const me: Membership | undefined = m_id ? { memberId: m_id, spaceId, userId, role: m_role, mutedUntil: m_muted_until } : undefined;
  return { space, me };
}

/** (user, space) pairs for the given users, in one query (the realtime gateway loads memberships with it). */
export async function spaceIdsOfUsers(db: Knex, userIds: string[]): Promise<{ userId: string; spaceId: string }[]> {
  if (!userIds.length) return [];
  const rows = await SPACE_IDS_OF_USERS.run(db, [userIds]);
  return rows.map((r) => ({ userId: r.user_id, spaceId: r.space_id }));
}

// A named statement with the ids as one array parameter: socket connects run it once per batch (a connect storm),
// where Knex's query building cost more CPU than the query.
const SPACE_IDS_OF_USERS = prepare<{ user_id: string; space_id: string }>(
  "spaces_space_ids_of_users",
  "SELECT user_id, space_id FROM members WHERE user_id = ANY($1::uuid[])",
);

export async function findChannel(db: Knex, spaceId: string, channelId: string): Promise<Channel | undefined> {
  const row = await db("channels")
    .select("id", "space_id", "name", "type")
    .where({ id: channelId, space_id: spaceId })
    .first<{ id: string; space_id: string; name: string; type: Channel["type"] } | undefined>();
  return row && { id: row.id, spaceId: row.space_id, name: row.name, type: row.type };
}

/** Bumps last_activity_at at most once per `resolution` (an SQL interval, e.g. '1 minute'): message sends stay cheap. */
export async function touchActivity(db: Knex, spaceId: string, resolution: string): Promise<void> {
  await db("spaces")
    .where({ id: spaceId })
    .where("last_activity_at", "<", db.raw(`now() - interval '${resolution}'`))
    .update({ last_activity_at: db.fn.now() });
}

const REQUEST_COLUMNS = ["r.id", "r.space_id", "r.user_id", "u.username", "r.message", "r.status", "r.created_at", "r.resolved_at"];
const requests = (db: Knex) => db("join_requests as r").join("users as u", "u.id", "r.user_id").select<JoinRequestRow[]>(REQUEST_COLUMNS);

export async function findRequest(db: Knex, id: string): Promise<JoinRequestRow | undefined> {
  return requests(db).where("r.id", id).first<JoinRequestRow | undefined>();
}

export async function findPendingRequest(db: Knex, spaceId: string, userId: string): Promise<JoinRequestRow | undefined> {
  return requests(db).where({ "r.space_id": spaceId, "r.user_id": userId, "r.status": "pending" }).first<JoinRequestRow | undefined>();
}

/** Inserts a pending request; false when one is already pending (the partial unique index decides, race-free). */
export async function insertRequest(
  db: Knex,
  r: { id: string; spaceId: string; userId: string; message: string | null; at: Date },
): Promise<boolean> {
  const res = await db.raw<{ rows: { id: string }[] }>(
    `INSERT INTO join_requests (id, space_id, user_id, message, status, created_at) VALUES (?, ?, ?, ?, 'pending', ?)
     ON CONFLICT (space_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [r.id, r.spaceId, r.userId, r.message, r.at],
  );
  return res.rows.length > 0;
}

export async function pendingRequests(db: Knex, spaceId: string): Promise<JoinRequestRow[]> {
  return requests(db).where({ "r.space_id": spaceId, "r.status": "pending" }).orderBy("r.id", "desc");
}

/**
 * Moves a pending request to `status`. The row lock makes a concurrent second resolver wait and then find
 * nothing pending, so exactly one approval goes on to add the member.
 */
export async function resolveRequest(db: Knex, id: string, status: "approved" | "rejected", by: string, at: Date): Promise<boolean> {
  const n = await db("join_requests").where({ id, status: "pending" }).update({ status, resolved_by: by, resolved_at: at });
  return n > 0;
}
