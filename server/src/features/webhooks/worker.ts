// The delivery worker: one attempt per job run; BullMQ schedules the retries (1 s, 5 s, 30 s, 5 min, 30 min).
import type { Job } from "bullmq";
import type { Knex } from "knex";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { open } from "../../platform/crypto.ts";
import type { WebhookMetrics } from "./metrics.ts";
import { isSuspended, type DeliveryJob } from "./dispatcher.ts";
import { signatureHeader } from "./signature.ts";
import type { WebhookSender } from "./sender.ts";
import * as store from "./store.ts";
import { redactFinishedBody } from "./privacy.ts";

/** Delays before retries 1–5 (spec 6 rule 2). */
export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 300_000, 1_800_000];
export const ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const FAILURES_TO_SUSPEND = 5;
const SUSPENSION_MS = 24 * 3600 * 1000;

export const retryDelay = (scale: number) => (attempt: number) => Math.round(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1]! * scale);

/** Thrown to make BullMQ schedule the next attempt. */
class RetryLater extends Error {}

export interface WorkerDeps {
  db: Knex;
  clock: Clock;
  log: Logger;
  sender: WebhookSender;
  dataKey: Buffer;
  metrics: WebhookMetrics;
  retryScale: number;
}

export const secretContext = (webhookId: string) => `webhook:${webhookId}`;

export function deliveryProcessor(d: WorkerDeps) {
  // Opened secrets by webhook and sealed text: a rotation changes the sealed text, so a stale entry is never used.
  const opened = new Map<string, string>();
  const unseal = (sealed: string, webhookId: string): string => {
    const key = `${webhookId}.${sealed}`;
    let secret = opened.get(key);
    if (secret === undefined) {
      if (opened.size >= 10_000) opened.clear();
      opened.set(key, (secret = open(d.dataKey, sealed, secretContext(webhookId))));
    }
    return secret;
  };
  return async (job: Job<DeliveryJob>): Promise<void> => {
    const row = await store.loadForAttempt(d.db, job.data.deliveryId);
    if (!row || row.status !== "pending") return;
    const now = d.clock.now();
    if (!job.data.force && isSuspended({ state: row.webhook_state, suspended_until: row.suspended_until }, now)) {
      await d.db("deliveries").where({ id: row.id }).update({ status: "skipped", next_attempt_at: null, finished_at: d.db.fn.now(), body: redactFinishedBody(row.type, row.body) });
      d.metrics.deliveries.inc({ event: row.type, result: "skipped" });
      return;
    }
    const secrets = [unseal(row.secret_enc, row.webhook_id)];
    if (row.previous_secret_enc && row.previous_until && row.previous_until.getTime() > now) secrets.push(unseal(row.previous_secret_enc, row.webhook_id));
    const headers = {
      "x-service-event": row.type,
      "x-service-delivery": row.id,
      "x-service-signature": signatureHeader(secrets, Math.floor(now / 1000), row.body),
    };
    const started = performance.now();
    const result = await d.sender.send(row.url, headers, row.body);
    d.metrics.duration.observe({ event: row.type }, (performance.now() - started) / 1000);
    if (result.status === 410) d.log.warn({ webhookId: row.webhook_id, deliveryId: row.id }, "bot_webhook_gone");

    if (result.ok) {
      // One statement, one round trip: the delivery is done and the webhook's run of failures ends (the
      // webhook row is only written when there was a run to end).
      await d.db.raw(
        `WITH done AS (
           UPDATE deliveries SET status = 'delivered', body = ?, attempts = attempts + 1, last_status_code = ?,
             last_error = NULL, next_attempt_at = NULL, finished_at = now()
           WHERE id = ? RETURNING webhook_id)
         UPDATE webhooks SET consecutive_failures = 0 FROM done WHERE webhooks.id = done.webhook_id AND webhooks.consecutive_failures <> 0`,
        [redactFinishedBody(row.type, row.body), result.status, row.id],
      );
      d.metrics.deliveries.inc({ event: row.type, result: "delivered" });
      return;
    }

    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const nextAt = final ? null : new Date(now + retryDelay(d.retryScale)(job.attemptsMade + 1));
    await d.db.transaction(async (trx) => {
      // After a suspension has run out, the run of failures starts over.
      const [hook] = await trx("webhooks")
        .where({ id: row.webhook_id })
        .update({
          failure_count: trx.raw("failure_count + 1"),
          consecutive_failures: trx.raw(
            "CASE WHEN consecutive_failures >= ? AND suspended_until IS NOT NULL AND suspended_until <= ? THEN 1 ELSE consecutive_failures + 1 END",
            [FAILURES_TO_SUSPEND, new Date(now)],
          ),
        })
        .returning(["consecutive_failures"]);
      const suspend = hook && hook.consecutive_failures >= FAILURES_TO_SUSPEND;
      if (suspend) await trx("webhooks").where({ id: row.webhook_id }).update({ state: "suspended", suspended_until: new Date(now + SUSPENSION_MS) });
      await trx("deliveries").where({ id: row.id }).update({
        status: final ? "failed" : "pending",
        body: final ? redactFinishedBody(row.type, row.body) : undefined,
        attempts: trx.raw("attempts + 1"),
        last_status_code: result.status,
        last_error: result.error,
        next_attempt_at: nextAt,
        finished_at: final ? trx.fn.now() : null,
      });
    });
    d.metrics.deliveries.inc({ event: row.type, result: final ? "failed" : "retry" });
    if (!final) throw new RetryLater(result.error ?? "failed");
  };
}
