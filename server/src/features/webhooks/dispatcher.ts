// Turning domain events into deliveries: rows written in the caller's transaction (the outbox, one INSERT per
// event), then, after it commits, the first attempts: made right here by a process that runs the delivery
// workers (local-attempts.ts: no queue round trips, no pick-up wait), queued in bulk otherwise. A crash or a
// queue outage between the two loses nothing: the sweeper queues pending rows again once they are overdue.
import { LRUCache } from "lru-cache";
import type { Knex } from "knex";
import type { Clock } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import type { Logger } from "../../platform/logger.ts";
import { sealBody } from "./body.ts";
import { envelopeBody, type BotEvent } from "./events.ts";
import { jobIdOf, type DeliveryJob, type Lanes } from "./jobs.ts";
import { finishedBodyOf, redactFinishedBody } from "./privacy.ts";
import * as store from "./store.ts";
import { ATTEMPTS, DUE_MARGIN_MS, IN_PROCESS_DUE_MS, isSuspended, type DeliveryAttempts } from "./worker.ts";
import { TIMEOUT_MS } from "./sender.ts";
import { LocalAttempts, type Attemptable } from "./local-attempts.ts";
import type { OwnerShares } from "./owner-shares.ts";

export { isSuspended } from "./worker.ts";

export type { BotEvent } from "./events.ts";

/** A subscribed webhook as the audience query (or the invocation's facts) gives it. */
export type Subscriber = Pick<store.WebhookRow, "id" | "bot_user_id" | "state" | "suspended_until">;

/** Jobs recorded but not queued yet (record → enqueue); bounded, in case a caller's transaction rolled back. */
const STAGED_MAX = 100_000;
/**
 * A first attempt must start this long before its row falls due, or it goes to the queue instead: started later, it
 * could still be running when the sweeper queues the row again. Queued, its job id dedupes that.
 */
const START_MARGIN_MS = TIMEOUT_MS + 1_000;

/** The rows of one event and the jobs of their first attempts, before anything is written (build). */
interface Built {
  rows: store.NewDelivery[];
  /** The pending rows' ids (a skipped row is finished at birth). */
  ids: string[];
  /** The pending rows' jobs, and their plain bodies at the same index. */
  jobs: DeliveryJob[];
  plain: string[];
  /** With `direct`: their finished (redacted) bodies, at the same index. */
  finished: string[];
  startBy: number;
  dueInMs: number;
  /** prepareNow: first attempts made right here (else staged and enqueued). */
  direct: boolean;
}

/** Rows built by prepareNow, for the caller to write; then startPrepared. */
export interface PreparedDeliveries {
  readonly rows: readonly store.NewDelivery[];
  /** The pending rows' ids. */
  readonly ids: readonly string[];
}

export class WebhookDispatcher {
  private staged = new LRUCache<string, DeliveryJob>({ max: STAGED_MAX });
  /** First attempts made here: only in a process that runs the delivery workers (attemptInProcess). */
  private local: LocalAttempts | undefined;
  /**
   * Staged jobs whose row is due late enough (IN_PROCESS_DUE_MS) for an attempt made in this process, with their
   * plain body (an attempt here need not open what was just sealed; it stays in this process's memory).
   */
  private attemptable = new WeakMap<DeliveryJob, Attemptable>();

  constructor(
    private db: Knex,
    private lanes: Lanes,
    private clock: Clock,
    private dataKey: Buffer,
    private log: Logger,
  ) {}

  /** Processes that run the delivery workers also make invocations' first attempts themselves. */
  attemptInProcess(attempts: DeliveryAttempts, shares: OwnerShares): void {
    this.local = new LocalAttempts(attempts, shares, this.lanes, this.log);
  }

  /** A stop: attempts under way here get up to `withinMs` to finish and be recorded (LocalAttempts.close). */
  async close(withinMs: number): Promise<void> {
    await this.local?.close(withinMs);
  }

  /**
   * Records one delivery per subscribed webhook of `botIds` (the caller decides the audience) and returns
   * the ids to queue once `trx` commits. Suspended webhooks get a `skipped` row, visible in their log.
   */
  async record(trx: Knex, event: BotEvent, botIds: string[]): Promise<string[]> {
    if (!botIds.length) return [];
    return this.recordFor(trx, event, await store.subscribers(trx, event.type, botIds));
  }

  /**
   * When a pending row falls due for the sweeper. A process that makes first attempts itself has no job to dedupe
   * a re-queue against, so its rows wait until such an attempt is surely over.
   */
  private firstDueMs(): number {
    return this.local ? IN_PROCESS_DUE_MS + this.local.lineWaitMs() : DUE_MARGIN_MS.main;
  }

  /** `record` with the subscribers already known (e.g. from the cached audience: no read in the transaction). */
  async recordFor(trx: Knex, event: BotEvent, hooks: Subscriber[], dueInMs: number = this.firstDueMs(), flush = true): Promise<string[]> {
    if (!hooks.length) return [];
    const built = this.build(event, hooks, dueInMs);
    await store.insertDeliveries(trx, built.rows, { flush });
    this.recorded(built);
    return built.ids;
  }

  /** The rows of `event` for `hooks`, and the jobs of their first attempts; nothing written or staged. */
  private build(event: BotEvent, hooks: Subscriber[], dueInMs: number, direct = false): Built {
    const now = this.clock.now();
    // An attempt here must start START_MARGIN_MS before the row falls due, counted from now.
    const startBy = performance.now() + dueInMs - START_MARGIN_MS;
    const deliveredAt = new Date(now).toISOString();
    const dueAt = new Date(now + dueInMs);
    const jobs: DeliveryJob[] = [];
    const plain: string[] = [];
    const finished: string[] = [];
    const ids: string[] = [];
    const rows = hooks.map((w): store.NewDelivery => {
      const id = newId();
      const envelope = {
        id,
        type: event.type,
        space_id: event.spaceId,
        delivered_at: deliveredAt,
        bot_user_id: w.bot_user_id,
        data: event.data,
      };
      const body = envelopeBody(envelope);
      // A skipped delivery is finished at birth: it keeps no option values (privacy.ts).
      if (isSuspended(w, now))
        return { id, webhook_id: w.id, type: event.type, body: redactFinishedBody(event.type, body), status: "skipped" };
      const sealed = sealBody(this.dataKey, id, body);
      jobs.push({ id, webhookId: w.id, type: event.type, body: sealed, n: 0 });
      ids.push(id);
      plain.push(body);
      if (direct) finished.push(finishedBodyOf(envelope, body));
      return { id, webhook_id: w.id, type: event.type, body: sealed, status: "pending", due_at: dueAt };
    });
    return { rows, ids, jobs, plain, finished, startBy, dueInMs, direct };
  }

  /** After `built`'s rows are written (committed or in the caller's transaction): its jobs staged for enqueue. */
  private recorded(built: Built): void {
    const attemptable = built.dueInMs >= IN_PROCESS_DUE_MS;
    built.jobs.forEach((j, i) => {
      if (attemptable) this.attemptable.set(j, { plain: built.plain[i]!, startBy: built.startBy });
      this.stage(j);
    });
  }

  private stage(job: DeliveryJob) {
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

  /**
   * Starts the first attempts of recorded deliveries (after their transaction committed): here when this process
   * runs the workers and has room, through the queue otherwise. Never throws: see Lanes.add.
   */
  async enqueue(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const jobs = await this.jobsOf(ids);
    const local = this.local;
    const queued = local ? jobs.filter((job) => !this.attemptHere(local, job)) : jobs;
    await this.lanes.add(
      "main",
      queued.map((job) => ({ job, jobId: jobIdOf(job) })),
    );
  }

  /** Offers `job`'s first attempt to this process's line if its row allows one here; false to queue it. */
  private attemptHere(local: LocalAttempts, job: DeliveryJob): boolean {
    const a = this.attemptable.get(job);
    return a !== undefined && local.offer(job, a);
  }

  /** record + enqueue when the event has no transaction of its own. */
  async publish(event: BotEvent, botIds: string[]): Promise<string[]> {
    const ids = await this.record(this.db, event, botIds);
    await this.enqueue(ids);
    return ids;
  }

  /**
   * For a person waiting (an invocation): records the deliveries, then makes their first attempt right here
   * instead of waiting for a queue worker to pick them up. The row is committed first, so a crash mid-attempt
   * leaves it pending and the sweeper takes it up; a failure queues the retry like any other. The commit does not
   * wait for the disk flush (store.insertDeliveries, `flush: false`): that wait was most of an invocation's. The
   * attempts start once the caller has sent its answer (setImmediate runs after this turn's I/O callbacks and
   * promise continuations, the 202 among them), so the 202 never waits for their signing and sending.
   */
  async publishNow(event: BotEvent, hooks: Subscriber[]): Promise<string[]> {
    const p = this.prepareNow(event, hooks) as Built;
    if (!p.rows.length) return [];
    await store.insertDeliveries(this.db, p.rows, { flush: false });
    return this.startPrepared(p);
  }

  /**
   * publishNow in two halves, for a caller that writes the rows itself, in a statement of its own that commits
   * them without waiting for the flush (the invocation's checks and its rows in one round trip). `rows` are
   * exactly what publishNow would insert; nothing is staged until startPrepared.
   */
  prepareNow(event: BotEvent, hooks: Subscriber[]): PreparedDeliveries {
    const direct = this.local?.roomForInvocation() ?? false;
    return this.build(event, hooks, direct ? IN_PROCESS_DUE_MS : DUE_MARGIN_MS.main, direct);
  }

  /** Once `p.rows` are committed: their first attempts, as publishNow makes them. Answers the delivery ids. */
  async startPrepared(p: PreparedDeliveries): Promise<string[]> {
    const built = p as Built;
    if (!built.direct) {
      this.recorded(built);
      await this.enqueue(built.ids);
      return built.ids;
    }
    // The plain bodies were sealed moments ago in this process: the attempts need not open them again.
    this.local!.startInvocation(built.jobs, built.plain, built.finished, built.startBy);
    return built.ids;
  }

  /** A forced attempt now (ping, redeliver), in the forced lane. */
  private async force(row: store.PendingDelivery): Promise<void> {
    const job = { ...toJob(row), n: 0, force: true };
    await this.lanes.add("forced", [{ job, jobId: jobIdOf(job, newId()) }]);
  }

  /** A `webhook.ping` to one webhook, recorded and attempted now. */
  async ping(webhookId: string, botId: string): Promise<string> {
    const id = newId();
    const body = envelopeBody({
      id,
      type: "webhook.ping",
      space_id: null,
      delivered_at: new Date(this.clock.now()).toISOString(),
      bot_user_id: botId,
      data: { webhook_id: webhookId },
    });
    const row = {
      id,
      webhook_id: webhookId,
      type: "webhook.ping" as const,
      body: sealBody(this.dataKey, id, body),
      status: "pending" as const,
      due_at: this.forcedDue(),
    };
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
