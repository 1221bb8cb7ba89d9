// First attempts made in this process (by a process that runs the delivery workers): no queue round trip and no
// pick-up wait between a committed row and its POST. Invocations' attempts start at once (a person is waiting);
// other events' take one of LOCAL_MAX slots and wait their turn here in order past that. An attempt whose owner
// has no share free (owner-shares.ts) is parked behind that owner's, without a slot, and moves on when one of the
// owner's attempts (of any lane) gives its share back. What cannot start in time goes to the queue instead; the
// rows are committed before any of it, so a crash here loses nothing (the sweeper queues overdue pending rows
// again).
import type { Logger } from "../../platform/logger.ts";
import { settledWithin } from "../../platform/deadline.ts";
import { jobIdOf, type DeliveryJob, type Lanes } from "./jobs.ts";
import type { OwnerShares } from "./owner-shares.ts";
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
  /** An invocation's attempt, with its finished body (recorded on success). */
  invocation?: { finished: string };
  /** Its owner, once an attempt of it was deferred. */
  owner?: string;
}

/** Attempts of one owner parked until it has a share free: invocations first (a person is waiting). */
interface Parked {
  invocations: Waiting[];
  others: Waiting[];
}

export class LocalAttempts {
  /** Invocations' attempts running (or about to). */
  private direct = 0;
  /** Other events' attempts running. */
  private local = 0;
  private waiting: Waiting[] = [];
  private waitingHead = 0;
  /** Attempts whose owner had no share free, by owner. */
  private parked = new Map<string, Parked>();
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
    private shares: OwnerShares,
    private lanes: Lanes,
    private log: Logger,
  ) {
    shares.onRelease((owner) => this.unpark(owner));
  }

  /** Whether an invocation's attempts can be made here (else they go through the queue). */
  roomForInvocation(): boolean {
    return !this.closed && this.direct < IN_PROCESS_MAX;
  }

  /**
   * An invocation's attempts, once its rows are committed. They start once the caller has sent its answer
   * (setImmediate runs after this turn's I/O callbacks and promise continuations, the 202 among them), so the
   * answer never waits for their signing and sending. `finished[i]` is job i's redacted body, recorded on success.
   */
  startInvocation(jobs: DeliveryJob[], plain: string[], finished: string[], startBy: number): void {
    this.direct += jobs.length;
    setImmediate(() => {
      jobs.forEach((job, i) => {
        const w = { job, plain: plain[i]!, startBy, invocation: { finished: finished[i]! } };
        if (this.closed)
          this.direct--; // stopping: never sent, the row stays pending for a sweeper
        else if (this.ownerFull(w)) {
          this.direct--;
          this.park(w);
        } else this.startInvocationHere(w);
      });
    });
  }

  /** Takes another event's first attempt here (now or once a slot frees) if it can start in time; false to queue it. */
  offer(job: DeliveryJob, a: Attemptable): boolean {
    if (this.closed || a.startBy <= performance.now()) return false;
    const w = { job, ...a };
    const full = this.ownerFull(w);
    if (!full && this.local < LOCAL_MAX) {
      this.startHere(w);
      return true;
    }
    if (this.waitingHere() >= LOCAL_WAITING_MAX) return false;
    if (full) this.park(w);
    else this.waiting.push(w);
    return true;
  }

  /**
   * Whether `w`'s owner is known here to have no share free (then `w` is parked without an attempt, which would only
   * find that out, holding a slot meanwhile).
   */
  private ownerFull(w: Waiting): boolean {
    const owner = w.owner ?? this.attempts.ownerOf(w.job.webhookId);
    if (owner === undefined || this.shares.free(owner)) return false;
    w.owner = owner;
    return true;
  }

  /** How long a first attempt recorded now is expected to wait in this process's line (at most LINE_DUE_MAX_MS). */
  lineWaitMs(): number {
    // Parked attempts are not ahead of it: they wait for their owner's share, not for a slot.
    const ahead = this.waiting.length - this.waitingHead + this.local;
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

  /**
   * Runs one attempt, counted as under way until it has finished (its result recorded) or failed. Deferred (its
   * owner has no share free), it is parked behind that owner's; `done` learns whether it was.
   */
  private attempt(w: Waiting, done: (deferred: boolean) => void): void {
    let deferred = false;
    const run: Promise<void> = this.attempts
      .run(w.job, "main", w.plain, w.invocation)
      .then((d) => {
        if (!d) return;
        deferred = true;
        w.owner = d.owner;
        this.park(w);
      })
      .catch((err) =>
        this.log.warn(
          { err: (err as Error).message, deliveryId: w.job.id },
          "in-process webhook attempt failed; the sweeper will queue it again",
        ),
      )
      .finally(() => {
        this.underWay.delete(run);
        done(deferred);
      });
    this.underWay.add(run);
  }

  private startInvocationHere(w: Waiting): void {
    this.attempt(w, () => this.direct--);
  }

  private startHere(w: Waiting): void {
    this.local++;
    this.attempt(w, (deferred) => {
      this.local--;
      if (!deferred) this.countFinished();
      this.nextHere();
    });
  }

  private waitingHere(): number {
    return this.waiting.length - this.waitingHead + this.parkedCount;
  }

  /** Behind its owner's attempts, until one gives its share back (or at once, should one have meanwhile). */
  private park(w: Waiting): void {
    const owner = w.owner!;
    if (this.closed) return;
    let p = this.parked.get(owner);
    if (!p) this.parked.set(owner, (p = { invocations: [], others: [] }));
    (w.invocation ? p.invocations : p.others).push(w);
    this.parkedCount++;
    if (this.shares.free(owner)) this.unpark(owner);
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
   * `owner` gave a share back: its next parked attempt goes ahead (an invocation's at once, another's at the head
   * of the line). Those that waited too long are queued instead.
   */
  private unpark(owner: string): void {
    const p = this.parked.get(owner);
    if (!p || this.closed) return;
    const late: DeliveryJob[] = [];
    const now = performance.now();
    let next: Waiting | undefined;
    while ((next = p.invocations.shift() ?? p.others.shift())) {
      this.parkedCount--;
      if (next.startBy > now) break;
      late.push(next.job);
    }
    if (!p.invocations.length && !p.others.length) this.parked.delete(owner);
    this.queue(late);
    if (!next) return;
    if (next.invocation) {
      this.direct++;
      this.startInvocationHere(next);
    } else if (this.local < LOCAL_MAX) this.startHere(next);
    else if (this.waitingHead > 0) this.waiting[--this.waitingHead] = next;
    else this.waiting.unshift(next);
  }

  /** After an attempt ends: waiting attempts start while there is room. Those that waited too long are queued instead. */
  private nextHere(): void {
    if (this.closed) return;
    const late: DeliveryJob[] = [];
    const now = performance.now();
    while (this.local < LOCAL_MAX && this.waitingHead < this.waiting.length) {
      const w = this.waiting[this.waitingHead]!;
      this.waiting[this.waitingHead++] = undefined!;
      if (w.startBy > now) {
        if (this.ownerFull(w)) this.park(w);
        else this.startHere(w);
      } else {
        late.push(w.job);
        // The place its owner gave up for it goes to the owner's next parked attempt: with none of the owner's
        // attempts running, nothing else would ever move that line.
        if (w.owner) this.unpark(w.owner);
      }
    }
    if (this.waitingHead === this.waiting.length || this.waitingHead > 4096) {
      this.waiting = this.waiting.slice(this.waitingHead);
      this.waitingHead = 0;
    }
    this.queue(late);
  }

  private queue(late: DeliveryJob[]): void {
    if (late.length)
      void this.lanes.add(
        "main",
        late.map((job) => ({ job, jobId: jobIdOf(job) })),
      );
  }
}
