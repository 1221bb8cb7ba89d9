// Turning domain events into deliveries: rows written in the caller's transaction (the outbox, one INSERT per
// event), jobs queued in bulk after it commits. A crash or a queue outage between the two loses nothing: the
// sweeper queues pending rows again once they are overdue.
import type { Knex } from "knex";
import type { Clock } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import type { Logger } from "../../platform/logger.ts";
import { sealBody } from "./body.ts";
import { envelopeBody, type BotEvent } from "./events.ts";
import { jobIdOf, type DeliveryJob, type Lanes } from "./jobs.ts";
import { redactFinishedBody } from "./privacy.ts";
import * as store from "./store.ts";
import { ATTEMPTS, DUE_MARGIN_MS, IN_PROCESS_DUE_MS, isSuspended, type DeliveryAttempts } from "./worker.ts";

export { isSuspended } from "./worker.ts";

export type { BotEvent } from "./events.ts";

/** A subscribed webhook as the audience query (or the invocation's facts) gives it. */
export type Subscriber = Pick<store.WebhookRow, "id" | "bot_user_id" | "state" | "suspended_until">;

/** Jobs recorded but not queued yet (record → enqueue); bounded, in case a caller's transaction rolled back. */
const STAGED_MAX = 100_000;
/** In-process first attempts running at once; past it, invocations go through the queue like any event. */
const IN_PROCESS_MAX = 256;

export class WebhookDispatcher {
  private staged = new Map<string, DeliveryJob>();
  private attempts: DeliveryAttempts | undefined;
  private inProcess = 0;

  constructor(
    private db: Knex,
    private lanes: Lanes,
    private clock: Clock,
    private dataKey: Buffer,
    private log: Logger,
  ) {}

  /** Processes that run the delivery workers also make invocations' first attempts themselves. */
  attemptInProcess(attempts: DeliveryAttempts): void {
    this.attempts = attempts;
  }

  /**
   * Records one delivery per subscribed webhook of `botIds` (the caller decides the audience) and returns
   * the ids to queue once `trx` commits. Suspended webhooks get a `skipped` row, visible in their log.
   */
  async record(trx: Knex, event: BotEvent, botIds: string[]): Promise<string[]> {
    if (!botIds.length) return [];
    return this.recordFor(trx, event, await store.subscribers(trx, event.type, botIds), DUE_MARGIN_MS.main);
  }

  /** `record` with the subscribers already known (e.g. from the cached audience: no read in the transaction). */
  async recordFor(trx: Knex, event: BotEvent, hooks: Subscriber[], dueInMs: number = DUE_MARGIN_MS.main): Promise<string[]> {
    if (!hooks.length) return [];
    const now = this.clock.now();
    const deliveredAt = new Date(now).toISOString();
    const dueAt = new Date(now + dueInMs);
    const jobs: DeliveryJob[] = [];
    const rows = hooks.map((w): store.NewDelivery => {
      const id = newId();
      const body = envelopeBody({ id, type: event.type, space_id: event.spaceId, delivered_at: deliveredAt, bot_user_id: w.bot_user_id, data: event.data });
      // A skipped delivery is finished at birth: it keeps no option values (privacy.ts).
      if (isSuspended(w, now)) return { id, webhook_id: w.id, type: event.type, body: redactFinishedBody(event.type, body), status: "skipped" };
      const sealed = sealBody(this.dataKey, id, body);
      jobs.push({ id, webhookId: w.id, type: event.type, body: sealed, n: 0 });
      return { id, webhook_id: w.id, type: event.type, body: sealed, status: "pending", due_at: dueAt };
    });
    await store.insertDeliveries(trx, rows);
    for (const j of jobs) this.stage(j);
    return jobs.map((j) => j.id);
  }

  private stage(job: DeliveryJob) {
    if (this.staged.size >= STAGED_MAX) this.staged.delete(this.staged.keys().next().value!);
    this.staged.set(job.id, job);
  }

  /** Takes the staged jobs of `ids`, reading back the pending rows of any this process did not record. */
  private async jobsOf(ids: string[]): Promise<DeliveryJob[]> {
    const jobs: DeliveryJob[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const j = this.staged.get(id);
      if (j) {
        this.staged.delete(id);
        jobs.push(j);
      } else missing.push(id);
    }
    if (missing.length) jobs.push(...(await store.pendingDeliveries(this.db, missing)).map(toJob));
    return jobs;
  }

  /** Queues recorded deliveries (after their transaction committed). Never throws: see Lanes.add. */
  async enqueue(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const jobs = await this.jobsOf(ids);
    await this.lanes.add("main", jobs.map((job) => ({ job, jobId: jobIdOf(job) })));
  }

  /** record + enqueue when the event has no transaction of its own. */
  async publish(event: BotEvent, botIds: string[]): Promise<string[]> {
    const ids = await this.record(this.db, event, botIds);
    await this.enqueue(ids);
    return ids;
  }

  /**
   * For a person waiting (an invocation): records the deliveries, then makes their first attempt right here
   * instead of waiting for a queue worker to pick them up. The row is written first, so a crash mid-attempt
   * leaves it pending and the sweeper takes it up; a failure queues the retry like any other.
   */
  async publishNow(event: BotEvent, hooks: Subscriber[]): Promise<string[]> {
    const direct = this.attempts !== undefined && this.inProcess < IN_PROCESS_MAX;
    const ids = await this.recordFor(this.db, event, hooks, direct ? IN_PROCESS_DUE_MS : DUE_MARGIN_MS.main);
    if (!direct) {
      await this.enqueue(ids);
      return ids;
    }
    for (const job of await this.jobsOf(ids)) {
      this.inProcess++;
      this.attempts!.run(job, "main")
        .catch((err) => this.log.warn({ err: (err as Error).message, deliveryId: job.id }, "in-process webhook attempt failed; the sweeper will queue it again"))
        .finally(() => this.inProcess--);
    }
    return ids;
  }

  /** A forced attempt now (ping, redeliver), in the forced lane. */
  private async force(row: store.PendingDelivery): Promise<void> {
    const job = { ...toJob(row), n: 0, force: true };
    await this.lanes.add("forced", [{ job, jobId: jobIdOf(job, newId()) }]);
  }

  /** A `webhook.ping` to one webhook, recorded and attempted now. */
  async ping(webhookId: string, botId: string): Promise<string> {
    const id = newId();
    const body = envelopeBody({ id, type: "webhook.ping", space_id: null, delivered_at: new Date(this.clock.now()).toISOString(), bot_user_id: botId, data: { webhook_id: webhookId } });
    const row = { id, webhook_id: webhookId, type: "webhook.ping" as const, body: sealBody(this.dataKey, id, body), status: "pending" as const, due_at: this.forcedDue() };
    await store.insertDeliveries(this.db, [row]);
    await this.force({ ...row, attempts: 0 });
    return id;
  }

  /** A new attempt now for an existing delivery, same id (and so the same body). False if it does not exist. */
  async redeliver(deliveryId: string): Promise<boolean> {
    const row = await store.reopenDelivery(this.db, deliveryId, (plain) => sealBody(this.dataKey, deliveryId, plain), this.forcedDue());
    if (!row) return false;
    await this.force(row);
    return true;
  }

  private forcedDue() {
    return new Date(this.clock.now() + DUE_MARGIN_MS.forced);
  }
}

export const toJob = (r: store.PendingDelivery): DeliveryJob => ({
  id: r.id,
  webhookId: r.webhook_id,
  type: r.type,
  body: r.body,
  // A row swept back keeps its place in the schedule as far as its attempts tell.
  n: Math.min(r.attempts, ATTEMPTS - 1),
});
