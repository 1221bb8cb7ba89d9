// SQL of channels. Position orders a space's channels; a new one goes last.
import type { Knex } from "knex";

export interface ChannelRow {
  id: string;
  space_id: string;
  name: string;
  type: "text" | "voice";
  topic: string | null;
  position: number;
  created_at: Date;
}

export async function listChannels(db: Knex, spaceId: string): Promise<ChannelRow[]> {
  return db<ChannelRow>("channels")
    .where({ space_id: spaceId })
    .orderBy([{ column: "position" }, { column: "id" }]);
}

export async function findChannel(db: Knex, spaceId: string, id: string): Promise<ChannelRow | undefined> {
  return db("channels").where({ id, space_id: spaceId }).first<ChannelRow | undefined>();
}

/**
 * Locks the space's row until the transaction ends (parallel creates in one space queue here) and counts its
 * channels.
 */
export async function lockedChannelCount(db: Knex, spaceId: string): Promise<number> {
  await db("spaces").select("id").where({ id: spaceId }).forNoKeyUpdate().first();
  const row = await db("channels").where({ space_id: spaceId }).count<{ n: string }[]>({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

/** Inserts at the end; the position is computed in the same statement. */
export async function insertChannel(db: Knex, c: Omit<ChannelRow, "position">): Promise<ChannelRow> {
  const res = await db.raw<{ rows: ChannelRow[] }>(
    `INSERT INTO channels (id, space_id, name, type, topic, position, created_at)
     SELECT ?, ?, ?, ?, ?, COALESCE(MAX(position) + 1, 0), ? FROM channels WHERE space_id = ?
     RETURNING *`,
    [c.id, c.space_id, c.name, c.type, c.topic, c.created_at, c.space_id],
  );
  return res.rows[0]!; // MAX() makes the SELECT yield one row whatever the space holds
}

export async function updateChannel(
  db: Knex,
  id: string,
  patch: Partial<Pick<ChannelRow, "name" | "topic" | "position">>,
): Promise<ChannelRow> {
  if (Object.keys(patch).length === 0) return db("channels").where({ id }).first<ChannelRow>();
  const [row] = await db("channels").where({ id }).update(patch).returning<ChannelRow[]>("*");
  return row!; // the caller has just found the channel
}

export async function deleteChannel(db: Knex, id: string): Promise<void> {
  await db("channels").where({ id }).delete();
}
