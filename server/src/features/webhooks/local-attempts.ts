// First attempts made in this process (by a process that runs the delivery workers): no queue round trip and no
// pick-up wait between a committed row and its POST. Invocations' attempts start at once (a person is waiting);
// other events' take one of LOCAL_MAX slots, at most LOCAL_PER_HOOK_MAX per webhook, and wait their turn here in
// order past that. What cannot start in time goes to the queue instead; the rows are committed before any of it,
// so a crash here loses nothing (the sweeper queues overdue pending rows again).
import type { Logger } from "../../platform/logger.ts";
import { settledWithin } from "../../platform/deadline.ts";
import { jobIdOf, type DeliveryJob, type Lanes } from "./jobs.ts";
import type { DeliveryAttempts } from "./worker.ts";

/** In-process first attempts of invocations running at once; past it, invocations go through the queue like any event. */
const IN_PROCESS_MAX = 256;
/**
 * First attempts of other events this process makes itself at once (its own budget, so a burst of events never
 * takes the invocations' room); more wait their turn here, in order. Past a few dozen, more requests in flight
 * only add sockets and contention: more CPU per delivery and fewer deliveries per second
 * (bench/scenarios/webhooks.ts shows it).
 */
const LOCAL_MAX = 32;
/**
 * Of those, at most this many for one webhook; its further first attempts wait in its own line here, taken up as
 * its attempts finish. A receiver that hangs for its whole timeout so holds half the slots at most and cannot
 * stall every other bot's first attempts. The price: a single busy bot with a quick receiver gets somewhat
 * fewer deliveries/s than with no cap (a slot is held until its result is committed, so a smaller cap costs
 * more); fan-out to many bots is not affected.
 */
const LOCAL_PER_HOOK_MAX = 16;
/** First attempts waiting here (for a slot or behind their webhook's); past it, they are queued instead. */
const LOCAL_WAITING_MAX = 20_000;
/**
 * A row recorded behind a line of first attempts here falls due that much later (the line's expected wait, at the
 * rate attempts have been finishing, at most this much), so it can still be attempted here. Without it, a burst
 * larger than a few seconds of attempts would send its tail through the queue, at several times the CPU per
 * delivery, and a loaded machine would fall further behind. The price: should
 * this process die, such a row waits for the sweeper up to this much longer.
 */
const LINE_DUE_MAX_MS = 45_000;
/** The rate assumed before any was measured (or when it seems lower): attempts finished per second. */
const MIN_RATE_PER_S = 500;

/** What an attempt made here needs of a recorded job: its plain body, and when it must start by. */
export interface Attemptable {
  plain: string;
  /** performance.now() by which it must start here (before its row falls due for the sweeper). */
  startBy: number;
}

interface Waiting extends Attemptable {
  job: DeliveryJob;
}

export class LocalAttempts {
  /** Invocations' attempts running (or about to). */
  private direct = 0;
  /** Other events' attempts running. */
  private local = 0;
  private waiting: Waiting[] = [];
  private waitingHead = 0;
  /** First attempts running here, by webhook. */
  private running = new Map<string, number>();
  /** First attempts of webhooks at LOCAL_PER_HOOK_MAX, in order, by webhook. */
  private parked = new Map<string, Waiting[]>();
  private parkedCount = 0;
  /** Attempts under way (a stop waits for them, see close). */
  private underWay = new Set<Promise<void>>();
  /** Set by close: no attempt starts here any more. */
  private closed = false;
  /** Attempts finished here since `rateSince`, and the rate they were last measured at (per second). */
  private finished = 0;
  private rateSince = performance.now();
  private rate = MIN_RATE_PER_S;

  constructor(
    private attempts: DeliveryAttempts,
    private lanes: Lanes,
    private log: Logger,
  ) {}

  /** Whether an invocation's attempts can be made here (else they go through the queue). */
  roomForInvocation(): boolean {
    return !this.closed && this.direct < IN_PROCESS_MAX;
  }

  /**
   * An invocation's attempts, once its rows are committed. They start once the caller has sent its answer
   * (setImmediate runs after this turn's I/O callbacks and promise continuations, the 202 among them), so the
   * answer never waits for their signing and sending. `finished[i]` is job i's redacted body, recorded on success.
   */
  startInvocation(jobs: DeliveryJob[], plain: string[], finished: string[]): void {
    this.direct += jobs.length;
    setImmediate(() => {
      jobs.forEach((job, i) => {
        if (this.closed)
          this.direct--; // stopping: never sent, the row stays pending for a sweeper
        else this.attempt(job, plain[i], { finished: finished[i]! }, () => this.direct--);
      });
    });
  }

  /** Takes another event's first attempt here (now or once a slot frees) if it can start in time; false to queue it. */
  offer(job: DeliveryJob, a: Attemptable): boolean {
    if (this.closed || a.startBy <= performance.now()) return false;
    const w = { job, ...a };
    if (this.atHookMax(job)) return this.park(w);
    if (this.local < LOCAL_MAX) {
      this.startHere(w);
      return true;
    }
    if (this.waitingHere() >= LOCAL_WAITING_MAX) return false;
    this.waiting.push(w);
    return true;
  }

  /** How long a first attempt recorded now is expected to wait in this process's line (at most LINE_DUE_MAX_MS). */
  lineWaitMs(): number {
    const ahead = this.waitingHere() + this.local;
    if (!ahead) return 0;
    return Math.min(LINE_DUE_MAX_MS, Math.ceil((ahead * 1000) / Math.max(this.rate, MIN_RATE_PER_S)));
  }

  /**
   * A stop: no attempt starts here any more, and those under way get up to `withinMs` to finish and record their
   * result, so that what a bot has already answered is not left pending for the next process's sweeper to send
   * again. Attempts still waiting for their turn here were never sent: their rows stay pending for a sweeper.
   */
  async close(withinMs: number): Promise<void> {
    this.closed = true;
    await settledWithin(withinMs, [...this.underWay]);
  }

  /** Runs one attempt, counted as under way until it has finished (its result recorded) or failed. */
  private attempt(job: DeliveryJob, plain: string | undefined, invocation: { finished: string } | undefined, done: () => void): void {
    const run: Promise<void> = this.attempts
      .run(job, "main", plain, invocation)
      .catch((err) =>
        this.log.warn(
          { err: (err as Error).message, deliveryId: job.id },
          "in-process webhook attempt failed; the sweeper will queue it again",
        ),
      )
      .finally(() => {
        this.underWay.delete(run);
        done();
      });
    this.underWay.add(run);
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

  private startHere(w: Waiting): void {
    const hook = w.job.webhookId;
    this.local++;
    this.running.set(hook, (this.running.get(hook) ?? 0) + 1);
    this.attempt(w.job, w.plain, undefined, () => {
      this.local--;
      this.countFinished();
      const left = this.running.get(hook)! - 1;
      if (left) this.running.set(hook, left);
      else this.running.delete(hook);
      this.nextHere(hook);
    });
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
      } else if (!this.atHookMax(w.job)) this.startHere(w);
      else if (!this.park(w)) late.push(w.job);
    }
    if (this.waitingHead === this.waiting.length || this.waitingHead > 4096) {
      this.waiting = this.waiting.slice(this.waitingHead);
      this.waitingHead = 0;
    }
    if (late.length)
      void this.lanes.add(
        "main",
        late.map((job) => ({ job, jobId: jobIdOf(job) })),
      );
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
}
