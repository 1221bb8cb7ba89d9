// The audit log as other features see it: write an entry in the change's transaction, read a space's or a bot's rows.
export { botAuditLog, recordAudit, spaceAuditLog } from "./store.ts";
export type { AuditLogEntry } from "./view.ts";
