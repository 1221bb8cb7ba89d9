// An unbounded-by-default async queue behind `for await (const frame of rt)`: each iterator has its own,
// so two consumers each see every frame. A bound drops the oldest frames of a consumer that stopped reading.
export class AsyncQueue<T> implements AsyncIterableIterator<T> {
  private items: T[] = [];
  private takers: ((r: IteratorResult<T>) => void)[] = [];
  private done = false;

  constructor(
    private limit: number,
    private onEnd: () => void,
  ) {}

  push(item: T): void {
    if (this.done) return;
    const taker = this.takers.shift();
    if (taker) return taker({ value: item, done: false });
    this.items.push(item);
    if (this.items.length > this.limit) this.items.shift();
  }

  end(): void {
    if (this.done) return;
    this.done = true;
    for (const t of this.takers.splice(0)) t({ value: undefined, done: true });
    this.onEnd();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.items.length) return Promise.resolve({ value: this.items.shift() as T, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.takers.push(resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.items = [];
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
