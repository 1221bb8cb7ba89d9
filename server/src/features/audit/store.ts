// The audit log (CONTRACT 10): append-only rows, read newest first.
import type { Knex } from "knex";
import { newId } from "../../platform/ids.ts";

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
