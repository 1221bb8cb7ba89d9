// Turning domain events into deliveries: rows written in the caller's transaction (the outbox), jobs
// queued after it commits. A crash between the two loses nothing: pending rows are re-queued on start.
import type { Knex } from "knex";
import { newId } from "../../platform/ids.ts";
import type { Clock } from "../../platform/clock.ts";
import type { JobQueue } from "../../platform/queue.ts";
import { envelopeBody, type EventType } from "./events.ts";
import * as store from "./store.ts";
import { redactFinishedBody } from "./privacy.ts";

export interface DeliveryJob {
  deliveryId: string;
  /** A redelivery asked for by the owner: attempted even while the webhook is suspended. */
  force?: boolean;
}

export interface BotEvent {
  type: EventType;
  spaceId: string | null;
  data: Record<string, unknown>;
}

export const isSuspended = (w: { state: string; suspended_until: Date | null }, now: number) =>
  w.state === "suspended" && w.suspended_until !== null && w.suspended_until.getTime() > now;

export class WebhookDispatcher {
  constructor(private db: Knex, private queue: JobQueue<DeliveryJob>, private clock: Clock) {}

  /**
   * Records one delivery per subscribed webhook of `botIds` (the caller decides the audience) and returns
   * the ids to queue once `trx` commits. Suspended webhooks get a `skipped` row, visible in their log.
   */
  async record(trx: Knex, event: BotEvent, botIds: string[]): Promise<string[]> {
    if (!botIds.length) return [];
    const hooks = await store.subscribers(trx, event.type, botIds);
    const now = this.clock.now();
    const deliveredAt = new Date(now).toISOString();
    const rows = hooks.map((w) => {
      const id = newId();
      const body = envelopeBody({ id, type: event.type, space_id: event.spaceId, delivered_at: deliveredAt, bot_user_id: w.bot_user_id, data: event.data });
      // A skipped delivery is finished at birth: it keeps no option values (privacy.ts).
      if (isSuspended(w, now)) return { id, webhook_id: w.id, type: event.type, body: redactFinishedBody(event.type, body), status: "skipped" as const };
      return { id, webhook_id: w.id, type: event.type, body, status: "pending" as const };
    });
    await store.insertDeliveries(trx, rows);
    return rows.filter((r) => r.status === "pending").map((r) => r.id);
  }

  async enqueue(ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.queue.add("deliver", { deliveryId: id }, { jobId: id })));
  }

  /** record + enqueue when the event has no transaction of its own. */
  async publish(event: BotEvent, botIds: string[]): Promise<string[]> {
    const ids = await this.record(this.db, event, botIds);
    await this.enqueue(ids);
    return ids;
  }

  /** A new attempt now for an existing delivery, same id (and so the same body). */
  async redeliver(deliveryId: string): Promise<void> {
    await this.db("deliveries").where({ id: deliveryId }).update({ status: "pending", next_attempt_at: null });
    await this.queue.add("deliver", { deliveryId, force: true }, { jobId: `${deliveryId}_r${newId()}` });
  }

  /** Queues every pending delivery again; job ids equal delivery ids, so ones still queued are not doubled. */
  async recover(): Promise<number> {
    const ids = await store.pendingDeliveryIds(this.db);
    await this.enqueue(ids);
    return ids.length;
  }
}
