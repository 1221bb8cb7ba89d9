// The audit log's rows as CONTRACT 10 answers them.
import type { components } from "../../../../generated/api.d.ts";

export type AuditLogEntry = components["schemas"]["Spaces.AuditLogEntry"];

export interface AuditRow {
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
