// Batches lookups by what is in flight rather than by event-loop turn: the keys asked for while a batch runs go out
// together as the next batch once it answers. A quiet server sends each key at once (one turn of batching, no timer);
// during a connect storm a turn holds only the few sockets that arrived in it, so per-turn batches would stay at a few keys,
// and every batch is a round trip, a statement and its wake-ups. Here the batch grows with the load instead.

export interface InFlightBatcherOptions {
  /**
   * Batches running at once (1: a strict alternation of one running batch and one collecting). Under a connect
   * storm 1 does best: fewer, larger batches and less CPU than with more in flight (bench/scenarios/realtime-storm.ts).
   */
  maxInFlight?: number;
  /** Keys per batch at most (a longer queue is sent as several batches). */
  maxBatch?: number;
  /**
   * When a batch with nothing in flight goes out: "immediate" (setImmediate: after the I/O of this turn, so keys
   * that arrive in the same poll share it) or "tick" (once the current promise jobs ran, as DataLoader does: keys
   * that one reply releases together share it, without waiting for another turn).
   */
  turn?: "immediate" | "tick" | "now";
  /**
   * The first key of an idle batcher waits this long for others to join it (a batch of maxBatch keys goes out at
   * once); the batches that follow while keys keep coming go out by `turn`. For writes nobody waits for.
   */
  lingerMs?: number;
}

interface Waiting<K, V> {
  key: K;
  resolve(value: V): void;
  reject(err: unknown): void;
}

export class InFlightBatcher<K, V> {
  private queue: Waiting<K, V>[] = [];
  private running = 0;
  private scheduled = false;
  private lingering: NodeJS.Timeout | undefined;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private readonly lingerMs: number;
  private readonly defer: (fn: () => void) => void;

  /** `run` answers one value per key, in the keys' order (keys may repeat). */
  constructor(
    private run: (keys: K[]) => Promise<V[]>,
    o: InFlightBatcherOptions = {},
  ) {
    this.maxInFlight = o.maxInFlight ?? 1;
    this.maxBatch = o.maxBatch ?? 1000;
    this.lingerMs = o.lingerMs ?? 0;
    this.defer =
      o.turn === "now"
        ? (fn) => fn()
        : o.turn === "tick"
          ? (fn) => void Promise.resolve().then(() => process.nextTick(fn))
          : (fn) => void setImmediate(fn);
  }

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Sends at the end of this turn, so the keys of one turn share a batch even on a quiet server; with `lingerMs`,
   * an idle batcher's first batch waits that long (or until it is full).
   */
  private schedule(afterBatch = false): void {
    if (this.running >= this.maxInFlight || !this.queue.length) return;
    if (this.lingering && this.queue.length >= this.maxBatch) {
      clearTimeout(this.lingering);
      this.lingering = undefined;
      this.scheduled = false;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.lingering = undefined;
      this.dispatch();
    };
    if (this.lingerMs > 0 && !afterBatch && this.queue.length < this.maxBatch) this.lingering = setTimeout(go, this.lingerMs);
    else this.defer(go);
  }

  private dispatch(): void {
    while (this.running < this.maxInFlight && this.queue.length) {
      const part = this.queue.splice(0, this.maxBatch);
      this.running++;
      let answer: Promise<V[]>;
      try {
        answer = this.run(part.map((w) => w.key));
      } catch (err) {
        answer = Promise.reject(err);
      }
      answer
        .then(
          (values) => part.forEach((w, i) => w.resolve(values[i]!)),
          (err) => part.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          this.running--;
          this.schedule(true);
        });
    }
  }
}
