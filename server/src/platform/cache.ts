// The one cache helper (STYLE: one mechanism per concern): a per-process LRU with TTL (lru-cache) whose entries
// every process drops at once through the pub/sub seam, with a generation guard so that a lookup racing an
// invalidation never puts the (maybe stale) row it read back into the cache.
//
// Use: `fetch(key, load)` on the read path; `invalidate(keys)` after the write that changes them has committed
// and before the write's answer is sent, so no process serves the old value once the writer has its answer.
import { LRUCache } from "lru-cache";
import type { Clock } from "./clock.ts";
import type { PubSub } from "./pubsub.ts";

export interface CacheOptions<V> {
  /** Names the invalidation channel (`cache:<name>`); one name per kind of cached thing. */
  name: string;
  max: number;
  /** Upper bound on staleness should an invalidation message be lost (e.g. Redis away). */
  ttlMs: number;
  clock: Clock;
  /** Omitted: a cache local to this process (nothing else can change what it holds). */
  pubsub?: PubSub;
  /** Which loaded values to keep; default: all (including `undefined`, i.e. "known absent"). */
  keep?: (value: V) => boolean;
  /**
   * Entries are also dropped by this tag (e.g. cached by token hash, invalidated by bot id). The scan over
   * the entries this takes is meant for rare invalidations (rotation, state change), not per-request ones.
   */
  tagOf?: (value: V) => string;
}

/** A hit, boxed so that a cached `undefined` ("known absent") is told apart from a miss. */
export interface Hit<V> {
  value: V;
}

export class Cache<V> {
  private lru: LRUCache<string, Hit<V>>;
  /** Bumped by every invalidation, local or remote: a load that started before it must not store its result. */
  private generation = 0;
  private readonly channel: string;

  constructor(private o: CacheOptions<V>) {
    this.channel = `cache:${o.name}`;
    // ttlResolution 0: read the clock on every check (a test clock moves without time passing).
    this.lru = new LRUCache<string, Hit<V>>({ max: o.max, ttl: o.ttlMs, ttlResolution: 0, perf: { now: () => o.clock.now() } });
  }

  /** Subscribes to the invalidations of every process; call once before serving. */
  async start(): Promise<void> {
    // Invalidations published while the subscription was down are lost: all of them are assumed.
    this.o.pubsub?.onResubscribed(() => this.clear());
    await this.o.pubsub?.subscribe(this.channel, (message) => this.drop(JSON.parse(message) as string[]));
  }

  /** The cached value, or undefined on a miss (synchronous: hot paths skip a promise on a hit). */
  hit(key: string): Hit<V> | undefined {
    return this.lru.get(key);
  }

  /** Loads `key` and keeps the result unless an invalidation happened meanwhile. */
  async load(key: string, load: () => Promise<V>, ttlMs?: number): Promise<V> {
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && (this.o.keep?.(value) ?? true))
      this.lru.set(key, { value }, ttlMs === undefined ? undefined : { ttl: ttlMs });
    return value;
  }

  /** `hit` or `load`. */
  async fetch(key: string, load: () => Promise<V>): Promise<V> {
    const h = this.lru.get(key);
    return h ? h.value : this.load(key, load);
  }

  /** Stores a value this process has just written (still subject to the generation guard of in-flight loads). */
  set(key: string, value: V, ttlMs?: number): void {
    this.lru.set(key, { value }, ttlMs === undefined ? undefined : { ttl: ttlMs });
  }

  /** Drops `keys` (or entries tagged with them) here and, through pub/sub, in every other process. */
  async invalidate(keys: string | string[]): Promise<void> {
    const list = typeof keys === "string" ? [keys] : keys;
    if (!list.length) return;
    this.drop(list);
    await this.o.pubsub?.publish(this.channel, JSON.stringify(list));
  }

  /** Local only: what an invalidation does in each process. */
  drop(keys: string[]): void {
    this.generation++;
    for (const k of keys) this.lru.delete(k);
    const tagOf = this.o.tagOf;
    if (!tagOf) return;
    const tags = new Set(keys);
    for (const [k, h] of this.lru.entries()) if (tags.has(tagOf(h.value))) this.lru.delete(k);
  }

  /** Drops everything here (e.g. after the invalidation channel was interrupted). */
  clear(): void {
    this.generation++;
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}
