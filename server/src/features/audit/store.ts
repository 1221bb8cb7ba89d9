// SQL of the audit log: append-only rows, read newest first, paged by row id (UUIDv7, so id order is time order).
import type { Knex } from "knex";
import { newId } from "../../platform/ids.ts";
import { toAuditLogEntry, type AuditLogEntry, type AuditRow } from "./view.ts";

export interface AuditEntry {
  action: string;
  actorId: string | null;
  spaceId?: string | null;
  targetType: string;
  targetId: string;
  data?: Record<string, unknown>;
}

/** Pass a transaction so the entry commits with the change it describes. */
export async function recordAudit(db: Knex, e: AuditEntry): Promise<void> {
  await db("audit_log").insert({
    id: newId(),
    action: e.action,
    actor_id: e.actorId,
    space_id: e.spaceId ?? null,
    target_type: e.targetType,
    target_id: e.targetId,
    data: JSON.stringify(e.data ?? {}),
  });
}

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
  const { rows } = await db.raw<{ rows: AuditRow[] }>(
    `SELECT * FROM (
       (SELECT * FROM audit_log WHERE target_type = 'bot' AND target_id = ? ${older} ORDER BY id DESC LIMIT ?)
       UNION
       (SELECT * FROM audit_log WHERE actor_id = ? ${older} ORDER BY id DESC LIMIT ?)
     ) a ORDER BY id DESC LIMIT ?`,
    [botId, ...arg, limit, botId, ...arg, limit, limit],
  );
  return rows.map(toAuditLogEntry);
}
