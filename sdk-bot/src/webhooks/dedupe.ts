// Deliveries can arrive more than once (retries keep the id); a receiver handles each
// `X-Service-Delivery` once. The store is pluggable: in memory for one process, Redis for several.

/** Where a receiver remembers the delivery ids it has handled. */
export interface DeliveryStore {
  /** Records `id` for `ttlMs`; true when it was not seen before (the caller handles it), false for a repeat. */
  claim(id: string, ttlMs: number): Promise<boolean>;
}

/** Retries span about 36 minutes (1 s … 30 min) and an owner may redeliver later: a day covers both. */
export const DEFAULT_DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;

/** Options of {@link MemoryDeliveryStore}. */
export interface MemoryStoreOptions {
  /** Most ids kept; the least recently seen go first. */
  maxEntries?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

// A Map kept in recency order rather than lru-cache (the server's LRU): the SDK ships with one runtime dependency.
/** An LRU of delivery ids with a TTL: bounded memory whatever the traffic. */
export class MemoryDeliveryStore implements DeliveryStore {
  private readonly seen = new Map<string, number>();
  private readonly max: number;
  private readonly now: () => number;

  constructor(opts: MemoryStoreOptions = {}) {
    this.max = opts.maxEntries ?? 10_000;
    this.now = opts.now ?? Date.now;
  }

  async claim(id: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const expires = this.seen.get(id);
    if (expires !== undefined && expires > now) {
      // Refresh its place in the LRU order.
      this.seen.delete(id);
      this.seen.set(id, expires);
      return false;
    }
    this.seen.delete(id);
    this.seen.set(id, now + ttlMs);
    while (this.seen.size > this.max) {
      const oldest = this.seen.keys().next().value;
      if (oldest === undefined) break;
      this.seen.delete(oldest);
    }
    return true;
  }

  /** How many ids are remembered now. */
  get size(): number {
    return this.seen.size;
  }
}

/** The one command the Redis store needs; ioredis and node-redis (with a small adapter) both fit. */
export interface RedisLike {
  /** `SET key value PX ttl NX`: answers `"OK"` when the key was set, null when it existed. */
  set(key: string, value: string, px: "PX", ttlMs: number, nx: "NX"): Promise<string | null>;
}

/** Claims with `SET key 1 PX ttl NX`: atomic, so two processes never both handle one delivery. */
export class RedisDeliveryStore implements DeliveryStore {
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix = "parley:webhook-delivery:",
  ) {}

  async claim(id: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + id, "1", "PX", Math.max(1, Math.round(ttlMs)), "NX")) === "OK";
  }
}

/** Tells the first delivery of an id from its repeats, through a {@link DeliveryStore}. */
export class Deduplicator {
  constructor(
    private readonly store: DeliveryStore = new MemoryDeliveryStore(),
    private readonly ttlMs = DEFAULT_DEDUPE_TTL_MS,
  ) {}

  /** True the first time `deliveryId` is seen within the TTL. */
  first(deliveryId: string): Promise<boolean> {
    return this.store.claim(deliveryId, this.ttlMs);
  }
}
