// One delivery attempt: sign (fresh `t`, fixed body), POST, record. Used by the queue workers of both lanes and
// by the in-process first attempt of an invocation (dispatcher.publishNow). Retries are new jobs on the documented
// schedule (1 s, 5 s, 30 s, 5 min, 30 min); the row's `due_at` lets the sweeper catch any job that got lost.
import type { Knex } from "knex";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { WebhookMetrics } from "./metrics.ts";
import { openBody } from "./body.ts";
import { jobIdOf, type DeliveryJob, type Lane, type Lanes } from "./jobs.ts";
import { redactFinishedBody } from "./privacy.ts";
import type { DeliveredBatcher } from "./results.ts";
import { signatureHeader } from "./signature.ts";
import { TIMEOUT_MS, type AttemptResult, type WebhookSender } from "./sender.ts";
import * as store from "./store.ts";
import type { WebhookTarget, WebhookTargets } from "./targets.ts";
import type { OwnerShares } from "./owner-shares.ts";

/** Delays before retries 1–5 (docs/webhooks.md#retries). */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 300_000, 1_800_000];
export const ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const FAILURES_TO_SUSPEND = 5;
const SUSPENSION_MS = 24 * 3600 * 1000;

/**
 * How long past its planned attempt a pending row waits before the sweeper queues it again. A job still known to
 * the queue (waiting or running) is not doubled by that (same job id), so the main lane's margin is short. The
 * forced lane gets minutes: its jobs may queue behind slow receivers, and the sweeper must not move them into
 * the main lane.
 */
export const DUE_MARGIN_MS: Record<Lane, number> = { main: 5_000, forced: 300_000 };

/** An attempt made in-process has no job to dedupe against: due only once its 10 s budget is surely over. */
export const IN_PROCESS_DUE_MS = TIMEOUT_MS + 5_000;

const retryDelay = (scale: number) => (attempt: number) =>
  Math.round(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1]! * scale);

export const isSuspended = (w: { state: string; suspended_until: Date | null }, now: number) =>
  w.state === "suspended" && w.suspended_until !== null && w.suspended_until.getTime() > now;

export interface AttemptDeps {
  db: Knex;
  clock: Clock;
  log: Logger;
  sender: WebhookSender;
  dataKey: Buffer;
  metrics: WebhookMetrics;
  retryScale: number;
  targets: WebhookTargets;
  delivered: DeliveredBatcher;
  /** Records the results of invocations' first attempts made in this process (results.ts, `lingerMs`). */
  lingering?: DeliveredBatcher;
  lanes: Lanes;
  /** Attempts of socket webhooks: over one of the bot's gateway connections. */
  socket?: SocketSender;
  /** The cached audience of channel events (installs/audience.ts), told of automatic suspensions. */
  audience?: BotChanges;
  /** Each owner's share of this process's attempts in flight. */
  shares: OwnerShares;
}

/**
 * Sends a delivery over one open gateway connection of the bot, on whichever process holds it, and settles with the
 * attempt's outcome: `ok` on the bot's ack within 10 s; else `status` null and the reason in `error`.
 */
export interface SocketSender {
  send(botUserId: string, deliveryId: string, body: string): Promise<AttemptResult>;
  /** How many gateway connections the bot has open now, on every process. */
  connections(botUserId: string): Promise<number>;
}

const NO_SOCKET: AttemptResult = { ok: false, status: null, error: "no gateway connection" };

/** What the webhook engine tells the cached audience: a bot's webhooks changed. */
export interface BotChanges {
  botChanged(botUserId: string): Promise<void>;
}

/** The space of an event, from its envelope (events.ts). */
const spaceOf = (body: string): string | null => (JSON.parse(body) as { space_id: string | null }).space_id;

const secretsOf = (t: WebhookTarget, now: number) => (t.previous && t.previous.until > now ? [t.secret, t.previous.secret] : [t.secret]);

/** An attempt not made because its owner's attempts hold their whole share (owner-shares.ts): try again later. */
export interface Deferred {
  owner: string;
}

export class DeliveryAttempts {
  constructor(private d: AttemptDeps) {}

  /** The owner of a webhook's bot, if this process knows it without a read (else the attempt finds out). */
  ownerOf(webhookId: string): string | undefined {
    return this.d.targets.peek(webhookId)?.ownerId;
  }

  /**
   * Runs one attempt of `job` and records it; the promise settles once the outcome is committed, or at once with
   * `Deferred` when its owner has no share free (nothing sent, nothing recorded: the caller tries again later).
   * `plain`: the opened body, when the caller sealed it itself moments ago (it never leaves the process).
   * `invocation`: an invocation's first attempt made here (dispatcher.startPrepared), with the finished body made
   * with the row; its success is recorded by the lingering batcher.
   */
  async run(job: DeliveryJob, lane: Lane, plain?: string, invocation?: { finished: string }): Promise<Deferred | undefined> {
    const d = this.d;
    const target = await d.targets.get(job.webhookId);
    if (!target) return; // the webhook was deleted, and its deliveries with it
    const share = d.shares.take(target.ownerId);
    if (!share) return { owner: target.ownerId };
    let result: AttemptResult;
    let body: string;
    const now = d.clock.now();
    try {
      body = plain ?? openBody(d.dataKey, job.id, job.body);
      if (await this.skips(job, target, now, body)) {
        share.release();
        await store.markSkipped(d.db, job.id, redactFinishedBody(job.type, body));
        d.metrics.deliveries.inc({ event: job.type, result: "skipped" });
        return;
      }
      result = await this.send(job, target, now, body);
    } finally {
      share.release();
    }
    if (result.ok) {
      const finished = invocation?.finished ?? redactFinishedBody(job.type, body);
      await (invocation ? (d.lingering ?? d.delivered) : d.delivered).record({ id: job.id, statusCode: result.status, body: finished });
      d.metrics.deliveries.inc({ event: job.type, result: "delivered" });
      return;
    }
    await this.failed(job, lane, target, result, body);
  }

  /** Whether `job` is skipped rather than sent: its webhook is suspended, or (a retry) its bot no longer listens. */
  private async skips(job: DeliveryJob, target: WebhookTarget, now: number, body: string): Promise<boolean> {
    if (job.force) return false;
    if (isSuspended({ state: target.state, suspended_until: target.suspendedUntil }, now)) return true;
    // A retry may come half an hour after its event, carrying a live interaction token and option values: it goes
    // only to a bot that still listens there. First attempts follow their event at once and skip the read.
    return job.n > 0 && !(await store.botStillListens(this.d.db, target.botUserId, spaceOf(body)));
  }

  private async send(job: DeliveryJob, target: WebhookTarget, now: number, body: string): Promise<AttemptResult> {
    const d = this.d;
    const started = performance.now();
    const result =
      target.transport === "socket"
        ? await (d.socket ? d.socket.send(target.botUserId, job.id, body) : NO_SOCKET)
        : await d.sender.send(target.url, this.headers(job, target, now, body), body);
    d.metrics.duration.observe({ event: job.type }, (performance.now() - started) / 1000);
    return result;
  }

  /** A failed attempt: recorded (suspending the webhook at its run's limit), and its retry queued in the same lane. */
  private async failed(job: DeliveryJob, lane: Lane, target: WebhookTarget, result: AttemptResult, body: string): Promise<void> {
    const d = this.d;
    if (result.status === 410) d.log.warn({ webhookId: job.webhookId, deliveryId: job.id }, "bot_webhook_gone");
    const final = job.n + 1 >= ATTEMPTS;
    const failedAt = d.clock.now();
    const delay = final ? 0 : retryDelay(d.retryScale)(job.n + 1);
    const nextAt = final ? null : new Date(failedAt + delay);
    const suspended = await store.recordFailure(d.db, {
      id: job.id,
      webhookId: job.webhookId,
      statusCode: result.status,
      error: result.error,
      now: new Date(failedAt),
      nextAt,
      dueAt: nextAt && new Date(nextAt.getTime() + DUE_MARGIN_MS[lane]),
      finalBody: redactFinishedBody(job.type, body),
      failuresToSuspend: FAILURES_TO_SUSPEND,
      suspendUntil: new Date(failedAt + SUSPENSION_MS),
    });
    if (suspended) await Promise.all([d.targets.invalidate(job.webhookId), d.audience?.botChanged(target.botUserId)]);
    d.metrics.deliveries.inc({ event: job.type, result: final ? "failed" : "retry" });
    if (final) return;
    // The retry stays in this lane and is an ordinary attempt: it is skipped while the webhook is suspended.
    const next: DeliveryJob = { ...job, n: job.n + 1, force: undefined };
    await d.lanes.add(lane, [{ job: next, jobId: jobIdOf(next), delay }]);
  }

  private headers(job: DeliveryJob, target: WebhookTarget, now: number, body: string): Record<string, string> {
    return {
      "x-service-event": job.type,
      "x-service-delivery": job.id,
      "x-service-signature": signatureHeader(secretsOf(target, now), Math.floor(now / 1000), body),
    };
  }
}
