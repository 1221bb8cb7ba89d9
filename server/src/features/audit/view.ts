// The audit log's rows as the API answers them (AuditLogEntry in spec/spaces/models.tsp).
import type { components } from "../../../../generated/api.d.ts";

export type AuditLogEntry = components["schemas"]["Spaces.AuditLogEntry"];

/** As the table holds it: `data` as jsonb (or its text), `created_at` as a Date. */
export type AuditRow = Omit<AuditLogEntry, "data" | "created_at"> & { data: AuditLogEntry["data"] | string; created_at: Date };

export const toAuditLogEntry = (r: AuditRow): AuditLogEntry => ({
  id: r.id,
  action: r.action,
  actor_id: r.actor_id,
  space_id: r.space_id,
  target_type: r.target_type,
  target_id: r.target_id,
  data: typeof r.data === "string" ? (JSON.parse(r.data) as AuditLogEntry["data"]) : r.data,
  created_at: new Date(r.created_at).toISOString(),
});
