// SQL of webhooks and their deliveries (the outbox).
import type { Knex } from "knex";

export interface WebhookRow {
  id: string;
  bot_user_id: string;
  url: string;
  events: string[];
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_until: Date | null;
  state: "active" | "suspended";
  suspended_until: Date | null;
  consecutive_failures: number;
  failure_count: number;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  type: string;
  body: string;
  status: "pending" | "delivered" | "failed" | "skipped";
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
}

export const botOwner = async (db: Knex, botId: string): Promise<string | undefined> =>
  (await db("bots").select("owner_id").where({ user_id: botId }).whereNot({ state: "deleted" }).first())?.owner_id;

export const listWebhooks = (db: Knex, botId: string): Promise<WebhookRow[]> =>
  db("webhooks").where({ bot_user_id: botId }).orderBy("id", "desc");

export const findWebhook = (db: Knex, botId: string, id: string): Promise<WebhookRow | undefined> =>
  db("webhooks").where({ bot_user_id: botId, id }).first();

export async function insertWebhook(db: Knex, row: Partial<WebhookRow>): Promise<WebhookRow> {
  const [w] = await db("webhooks").insert({ ...row, events: row.events }).returning("*");
  return w;
}

export async function updateWebhook(db: Knex, id: string, patch: Partial<WebhookRow>): Promise<WebhookRow | undefined> {
  const [w] = await db("webhooks").where({ id }).update(patch).returning("*");
  return w;
}

export const deleteWebhook = async (db: Knex, id: string) => (await db("webhooks").where({ id }).delete()) > 0;

/** Active webhooks of these bots subscribed to `type`, for bots that are not deleted or suspended. */
export function subscribers(db: Knex, type: string, botIds: string[]): Promise<Pick<WebhookRow, "id" | "bot_user_id" | "state" | "suspended_until">[]> {
  return db("webhooks as w")
    .join("bots as b", "b.user_id", "w.bot_user_id")
    .select("w.id", "w.bot_user_id", "w.state", "w.suspended_until")
    .whereIn("w.bot_user_id", botIds)
    .andWhere("b.state", "ACTIVE")
    .andWhereRaw("? = ANY(w.events)", [type]);
}

export async function insertDeliveries(db: Knex, rows: Pick<DeliveryRow, "id" | "webhook_id" | "type" | "body" | "status">[]) {
  if (rows.length) await db("deliveries").insert(rows);
}

export function listDeliveries(db: Knex, webhookId: string, limit: number, before?: string): Promise<DeliveryRow[]> {
  const q = db("deliveries").where({ webhook_id: webhookId }).orderBy("id", "desc").limit(limit);
  if (before) q.andWhere("id", "<", before);
  return q;
}

export const findDelivery = (db: Knex, webhookId: string, id: string): Promise<DeliveryRow | undefined> =>
  db("deliveries").where({ webhook_id: webhookId, id }).first();

/** A delivery with what the worker needs of its webhook. */
export function loadForAttempt(db: Knex, id: string): Promise<(DeliveryRow & { url: string; secret_enc: string; previous_secret_enc: string | null; previous_until: Date | null; webhook_state: string; suspended_until: Date | null; consecutive_failures: number }) | undefined> {
  return db("deliveries as d")
    .join("webhooks as w", "w.id", "d.webhook_id")
    .select("d.*", "w.url", "w.secret_enc", "w.previous_secret_enc", "w.previous_until", "w.state as webhook_state", "w.suspended_until", "w.consecutive_failures")
    .where("d.id", id)
    .first();
}

export const pendingDeliveryIds = async (db: Knex): Promise<string[]> =>
  (await db("deliveries").select("id").where({ status: "pending" }).orderBy("created_at")).map((r) => r.id);
