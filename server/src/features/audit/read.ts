// Reading the audit log (CONTRACT 10): newest first, paged by row id (UUIDv7, so id order is time order).
import type { Knex } from "knex";
import type { components } from "../../../../generated/api.d.ts";

export type AuditLogEntry = components["schemas"]["AuditLogEntry"];

interface AuditRow {
  id: string;
  action: string;
  actor_id: string | null;
  space_id: string | null;
  target_type: string | null;
  target_id: string | null;
  data: Record<string, unknown> | string;
  created_at: Date;
}

export const toAuditLogEntry = (r: AuditRow): AuditLogEntry => ({
  id: r.id,
  action: r.action,
  actor_id: r.actor_id,
  space_id: r.space_id,
  target_type: r.target_type,
  target_id: r.target_id,
  data: typeof r.data === "string" ? JSON.parse(r.data) : r.data,
  created_at: new Date(r.created_at).toISOString(),
});

/** A space's rows (index audit_log_space_idx), `limit` of them older than `before` when given. */
export async function spaceAuditLog(db: Knex, spaceId: string, limit: number, before?: string): Promise<AuditLogEntry[]> {
  const q = db("audit_log").where({ space_id: spaceId }).orderBy("id", "desc").limit(limit);
  if (before) q.andWhere("id", "<", before);
  return (await q).map(toAuditLogEntry);
}

/** Rows about a bot or done by it, newest first: two index scans (target, actor) merged by id. */
export async function botAuditLog(db: Knex, botId: string, limit: number, before?: string): Promise<AuditLogEntry[]> {
  const older = before ? "AND id < ?" : "";
  const arg = before ? [before] : [];
  const { rows } = await db.raw(
    `SELECT * FROM (
       (SELECT * FROM audit_log WHERE target_type = 'bot' AND target_id = ? ${older} ORDER BY id DESC LIMIT ?)
       UNION
       (SELECT * FROM audit_log WHERE actor_id = ? ${older} ORDER BY id DESC LIMIT ?)
     ) a ORDER BY id DESC LIMIT ?`,
    [botId, ...arg, limit, botId, ...arg, limit, limit],
  );
  return (rows as AuditRow[]).map(toAuditLogEntry);
}
