// One timer for every attempt in flight: all of them get the same budget, so their deadlines come in the order
// they started, and a queue in that order with one timer armed for its oldest unsettled entry fires each one on
// time. An attempt costs an array slot instead of a timer and an AbortSignal of its own.

export interface Expiring {
  /** True once the attempt ended by itself: its deadline no longer matters. */
  readonly settled: boolean;
  expire(): void;
}

interface Entry {
  due: number;
  item: Expiring;
}

export class Deadlines {
  private queue: (Entry | undefined)[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private budgetMs: number) {}

  add(item: Expiring): void {
    this.queue.push({ due: performance.now() + this.budgetMs, item });
    if (!this.timer) this.arm();
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
    // Unref'd: a request in flight holds the process open by its socket, as with AbortSignal.timeout.
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

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
