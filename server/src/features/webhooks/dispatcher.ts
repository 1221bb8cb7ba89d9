// Turning domain events into deliveries: rows written in the caller's transaction (the outbox, one INSERT per
// event), then, after it commits, the first attempts: made right here by a process that runs the delivery
// workers (no queue round trips, no pick-up wait), queued in bulk otherwise or past LOCAL_MAX. A crash or a queue
// outage between the two loses nothing: the sweeper queues pending rows again once they are overdue.
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

export { isSuspended } from "./worker.ts";

export type { BotEvent } from "./events.ts";

/** A subscribed webhook as the audience query (or the invocation's facts) gives it. */
export type Subscriber = Pick<store.WebhookRow, "id" | "bot_user_id" | "state" | "suspended_until">;

/** Jobs recorded but not queued yet (record → enqueue); bounded, in case a caller's transaction rolled back. */
const STAGED_MAX = 100_000;
/** In-process first attempts running at once; past it, invocations go through the queue like any event. */
const IN_PROCESS_MAX = 256;
/**
 * First attempts of other events this process makes itself at once (its own budget, so a burst of events never
 * takes the invocations' room); more wait their turn here, in order. Measured on the 2-core bench box
 * (bench/scenarios/webhooks.ts, fan-out 200 × 10): 32 took 352 µs of CPU per delivery and reached 0.44× the POST
 * loop, 128 took 400 µs for 0.26× — more requests in flight only add sockets and contention.
 */
const LOCAL_MAX = 32;
/**
 * Of those, at most this many for one webhook; its further first attempts wait in its own line here, taken up as
 * its attempts finish. A receiver that hangs for its whole timeout so holds half the slots at most and cannot
 * stall every other bot's first attempts. Measured (webhooks bench, same box, alternating): a single busy bot
 * with a quick receiver gets ~12 % fewer deliveries/s than with no cap (8 cost ~30 %: a slot is held until its
 * result is committed); fan-out is unchanged within the noise.
 */
const LOCAL_PER_HOOK_MAX = 16;
/** First attempts waiting here (for a slot or behind their webhook's); past it, they are queued instead. */
const LOCAL_WAITING_MAX = 20_000;
/**
 * A first attempt must start this long before its row falls due, or it goes to the queue instead: started later, it
 * could still be running when the sweeper queues the row again. Queued, its job id dedupes that.
 */
const START_MARGIN_MS = TIMEOUT_MS + 1_000;
/**
 * A row recorded behind a line of first attempts here falls due that much later (the line's expected wait, at the
 * rate attempts have been finishing, at most this much), so it can still be attempted here. Without it, a burst
 * larger than ~4 s of attempts sent its tail through the queue, several times the CPU per delivery, and a loaded
 * machine then fell further behind (webhooks bench: ~1,000 deliveries/s instead of ~4,000). The price: should
 * this process die, such a row waits for the sweeper up to this much longer.
 */
const LINE_DUE_MAX_MS = 45_000;
/** The rate assumed before any was measured (or when it seems lower): attempts finished per second. */
const MIN_RATE_PER_S = 500;

interface Waiting {
  job: DeliveryJob;
  /** performance.now() by which it must start here (START_MARGIN_MS before its row falls due). */
  startBy: number;
}

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

/** What an attempt made here needs of a staged job: its plain body, and when it must start by. */
interface Attemptable {
  plain: string;
  startBy: number;
}

export class WebhookDispatcher {
  private staged = new Map<string, DeliveryJob>();
  private attempts: DeliveryAttempts | undefined;
  private inProcess = 0;
  private local = 0;
  private waiting: Waiting[] = [];
  private waitingHead = 0;
  /** First attempts running here, by webhook. */
  private running = new Map<string, number>();
  /** First attempts of webhooks at LOCAL_PER_HOOK_MAX, in order, by webhook. */
  private parked = new Map<string, Waiting[]>();
  private parkedCount = 0;
  /**
   * Staged jobs whose row is due late enough (IN_PROCESS_DUE_MS) for an attempt made in this process, with their
   * plain body (an attempt here need not open what was just sealed; it stays in this process's memory).
   */
  private attemptable = new WeakMap<DeliveryJob, Attemptable>();
  /** Attempts under way in this process (a stop waits for them, see close). */
  private underWay = new Set<Promise<void>>();
  /** Set by close: no attempt starts here any more. */
  private closed = false;
  /** Attempts finished here since `rateSince`, and the rate they were last measured at (per second). */
  private finished = 0;
  private rateSince = performance.now();
  private rate = MIN_RATE_PER_S;

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
   * A stop: no attempt starts here any more, and those under way get up to `withinMs` to finish and record their
   * result, so that what a bot has already answered is not left pending for the next process's sweeper to send
   * again. Attempts still waiting for their turn here were never sent: their rows stay pending for a sweeper.
   */
  async close(withinMs: number): Promise<void> {
    this.closed = true;
    if (!this.underWay.size) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
    await Promise.race([Promise.allSettled([...this.underWay]), bound]);
    clearTimeout(timer);
  }

  /** Runs one attempt here, counted as under way until it has finished (its result recorded) or failed. */
  private attempt(job: DeliveryJob, plain: string | undefined, invocation: { finished: string } | undefined, done: () => void): void {
    const run: Promise<void> = this.attempts!.run(job, "main", plain, invocation)
      .catch((err) => this.log.warn({ err: (err as Error).message, deliveryId: job.id }, "in-process webhook attempt failed; the sweeper will queue it again"))
      .finally(() => {
        this.underWay.delete(run);
        done();
      });
    this.underWay.add(run);
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
    return this.attempts ? IN_PROCESS_DUE_MS + this.lineWaitMs() : DUE_MARGIN_MS.main;
  }

  /** How long a first attempt recorded now is expected to wait in this process's line (at most LINE_DUE_MAX_MS). */
  private lineWaitMs(): number {
    const ahead = this.waitingHere() + this.local;
    if (!ahead) return 0;
    return Math.min(LINE_DUE_MAX_MS, Math.ceil((ahead * 1000) / Math.max(this.rate, MIN_RATE_PER_S)));
  }

  /** Counts a finished attempt; the rate is measured over windows of a second or more. */
  private countFinished(): void {
    this.finished++;
    const now = performance.now();
    if (now - this.rateSince < 1000) return;
    this.rate = (this.finished * 1000) / (now - this.rateSince);
    this.finished = 0;
    this.rateSince = now;
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
      const envelope = { id, type: event.type, space_id: event.spaceId, delivered_at: deliveredAt, bot_user_id: w.bot_user_id, data: event.data };
      const body = envelopeBody(envelope);
      // A skipped delivery is finished at birth: it keeps no option values (privacy.ts).
      if (isSuspended(w, now)) return { id, webhook_id: w.id, type: event.type, body: redactFinishedBody(event.type, body), status: "skipped" };
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

  /**
   * Starts the first attempts of recorded deliveries (after their transaction committed): here when this process
   * runs the workers and has room, through the queue otherwise. Never throws: see Lanes.add.
   */
  async enqueue(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const jobs = await this.jobsOf(ids);
    const queued = this.attempts ? jobs.filter((job) => !this.attemptHere(job)) : jobs;
    await this.lanes.add("main", queued.map((job) => ({ job, jobId: jobIdOf(job) })));
  }

  /** Takes `job`'s first attempt in this process (now or once a slot frees) if its row allows it; false to queue it. */
  private attemptHere(job: DeliveryJob): boolean {
    if (this.closed) return false;
    const a = this.attemptable.get(job);
    if (!a || a.startBy <= performance.now()) return false;
    const w = { job, startBy: a.startBy };
    if (this.atHookMax(job)) return this.park(w);
    if (this.local < LOCAL_MAX) {
      this.startHere(job);
      return true;
    }
    if (this.waitingHere() >= LOCAL_WAITING_MAX) return false;
    this.waiting.push(w);
    return true;
  }

  private waitingHere(): number {
    return this.waiting.length - this.waitingHead + this.parkedCount;
  }

  private atHookMax(job: DeliveryJob): boolean {
    return (this.running.get(job.webhookId) ?? 0) >= LOCAL_PER_HOOK_MAX;
  }

  /** Behind its webhook's running attempts; false (queue it) when this process already holds too many. */
  private park(w: Waiting): boolean {
    if (this.waitingHere() >= LOCAL_WAITING_MAX) return false;
    const line = this.parked.get(w.job.webhookId);
    if (line) line.push(w);
    else this.parked.set(w.job.webhookId, [w]);
    this.parkedCount++;
    return true;
  }

  private startHere(job: DeliveryJob): void {
    const hook = job.webhookId;
    this.local++;
    this.running.set(hook, (this.running.get(hook) ?? 0) + 1);
    this.attempt(job, this.attemptable.get(job)?.plain, undefined, () => {
      this.local--;
      this.countFinished();
      const left = this.running.get(hook)! - 1;
      if (left) this.running.set(hook, left);
      else this.running.delete(hook);
      this.nextHere(hook);
    });
  }

  /**
   * After an attempt of `finished`'s webhook ends: its next parked attempt joins the line, then waiting attempts
   * start while there is room. Those that waited too long are queued instead; one whose webhook is at its
   * maximum again is parked behind it.
   */
  private nextHere(finished: string): void {
    if (this.closed) return;
    const late: DeliveryJob[] = [];
    const now = performance.now();
    this.unpark(finished, now, late);
    while (this.local < LOCAL_MAX && this.waitingHead < this.waiting.length) {
      const w = this.waiting[this.waitingHead]!;
      this.waiting[this.waitingHead++] = undefined!;
      if (w.startBy <= now) {
        late.push(w.job);
        // The place its webhook gave up for it goes to the webhook's next parked attempt: with none of the
        // webhook's attempts running, nothing else would ever move that line.
        this.unpark(w.job.webhookId, now, late);
      } else if (!this.atHookMax(w.job)) this.startHere(w.job);
      else if (!this.park(w)) late.push(w.job);
    }
    if (this.waitingHead === this.waiting.length || this.waitingHead > 4096) {
      this.waiting = this.waiting.slice(this.waitingHead);
      this.waitingHead = 0;
    }
    if (late.length) void this.lanes.add("main", late.map((job) => ({ job, jobId: jobIdOf(job) })));
  }

  /** Moves `hook`'s next parked attempt into the line (those that waited too long go to `late`). */
  private unpark(hook: string, now: number, late: DeliveryJob[]): void {
    const line = this.parked.get(hook);
    while (line?.length) {
      const w = line.shift()!;
      this.parkedCount--;
      if (w.startBy <= now) late.push(w.job);
      else {
        this.waiting.push(w);
        break;
      }
    }
    if (line && !line.length) this.parked.delete(hook);
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
    const direct = this.attempts !== undefined && !this.closed && this.inProcess < IN_PROCESS_MAX;
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
    const { jobs, plain, finished } = built;
    this.inProcess += jobs.length;
    // The plain bodies were sealed moments ago in this process: the attempts need not open them again.
    setImmediate(() => {
      jobs.forEach((job, i) => {
        if (this.closed) this.inProcess--; // stopping: never sent, the row stays pending for a sweeper
        else this.attempt(job, plain[i], { finished: finished[i]! }, () => this.inProcess--);
      });
    });
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
