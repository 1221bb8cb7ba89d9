// Waiting with a bound: the one module for it. Three shapes: a stop that gives work a while and then moves on
// (settledWithin), a call that must fail rather than wait for a store that does not answer (answerWithin), and
// many waits of one budget behind a single timer (DeadlineQueue).

/**
 * Resolves once every promise has settled, or after `ms`, whichever comes first; never rejects. True when every
 * promise settled in time, so the caller can then cut off what did not.
 */
export async function settledWithin(ms: number, promises: Promise<unknown>[]): Promise<boolean> {
  if (!promises.length) return true;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms).unref()));
  const settled = await Promise.race([Promise.allSettled(promises).then(() => true as const), bound]);
  clearTimeout(timer);
  return settled;
}

/** `p`'s outcome, or a rejection with `message` once `ms` have passed without it. */
export function answerWithin<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** A wait in a DeadlineQueue. */
export interface Expiring {
  /** True once the wait ended by itself: its deadline no longer matters. */
  readonly settled: boolean;
  /** The deadline passed first. */
  expire(): void;
}

interface Entry {
  due: number;
  item: Expiring;
}

/**
 * One timer for many waits of the same budget: their deadlines come in the order they started, so a queue in that
 * order with one timer armed for its oldest unsettled entry fires each one on time. A wait costs an array slot
 * instead of a timer of its own (and, for a request, an AbortSignal).
 */
export class DeadlineQueue {
  private queue: (Entry | undefined)[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private budgetMs: number) {}

  add(item: Expiring): void {
    this.queue.push({ due: performance.now() + this.budgetMs, item });
    if (!this.timer) this.arm();
  }

  /** Expires every wait still running, whatever its deadline (e.g. all of them wait on one stuck connection). */
  expireAll(): void {
    const rest = this.queue.slice(this.head);
    this.clear();
    this.queue = [];
    this.head = 0;
    for (const e of rest) if (e && !e.item.settled) e.item.expire();
  }

  /** Arms the timer for the oldest entry still running (none: no timer). */
  private arm(): void {
    while (this.head < this.queue.length && this.queue[this.head]!.item.settled) this.queue[this.head++] = undefined;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (this.head === this.queue.length) {
      this.timer = undefined;
      return;
    }
    // Unref'd: what waits holds the process open by itself (a socket, a connection), as with AbortSignal.timeout.
    this.timer = setTimeout(() => this.fire(), Math.max(0, this.queue[this.head]!.due - performance.now())).unref();
  }

  private fire(): void {
    const now = performance.now();
    while (this.head < this.queue.length && this.queue[this.head]!.due <= now) {
      const { item } = this.queue[this.head]!;
      this.queue[this.head++] = undefined;
      if (!item.settled) item.expire();
    }
    this.arm();
  }

  /** Stops the timer; the waits in the queue then never expire. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
