// Small key-value seam with TTLs: presence, session and token caches. Redis when configured, a Map otherwise.
import { byTag, type Redis } from "./redis.ts";
import type { Clock } from "./clock.ts";

export interface Kv {
  get(key: string): Promise<string | null>;
  mget(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Adds 1 and returns the new value; the TTL is set when the key is created. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Subtracts 1 and returns the new value, never below 0 (the key is removed when it reaches 0). */
  decr(key: string): Promise<number>;
  /**
   * Sorted sets: gives `member` the score `score` in each of `keys` (null: takes it out of them). With
   * `onlyIfPresent`, only in the sets it is already in.
   */
  zset(keys: string[], member: string, score: number | null, onlyIfPresent?: boolean): Promise<void>;
  /** How many members of the sorted set `key` score above `min`; those at or below it are dropped. */
  zcountAbove(key: string, min: number): Promise<number>;
  ping(): Promise<void>;
}

/** A score as Redis reads it (Infinity is `+inf` there). */
const redisScore = (n: number) => (n === Infinity ? "+inf" : String(n));

const DECR_SCRIPT = `local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) n = 0 end
return n`;

export class RedisKv implements Kv {
  /** `prefix` is public for the few seams that share these keys through raw Redis (presence's connection ledger). */
  constructor(
    private redis: Redis,
    readonly prefix = "kv:",
  ) {}
  get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async mget(keys: string[]) {
    if (!keys.length) return [];
    const full = keys.map((k) => this.prefix + k);
    const groups = byTag(this.redis, full);
    if (groups.length === 1) return this.redis.mget(full);
    // A cluster: one MGET per hash tag (keys of one user share one), sent together as one pipeline per master.
    const out: (string | null)[] = new Array<string | null>(keys.length);
    await Promise.all(
      groups.map(async (g) => {
        const values = await this.redis.mget(g.map((i) => full[i]!));
        g.forEach((i, j) => (out[i] = values[j] ?? null));
      }),
    );
    return out;
  }
  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs) await this.redis.set(this.prefix + key, value, "PX", ttlMs);
    else await this.redis.set(this.prefix + key, value);
  }
  async del(...keys: string[]) {
    const full = keys.map((k) => this.prefix + k);
    if (keys.length) await Promise.all(byTag(this.redis, full).map((g) => this.redis.del(...g.map((i) => full[i]!))));
  }
  async incr(key: string, ttlMs: number) {
    const k = this.prefix + key;
    const [[, n]] = (await this.redis.multi().incr(k).pexpire(k, ttlMs, "NX").exec()) as [[null, number]];
    return n;
  }
  async decr(key: string) {
    // One script, so a concurrent incr can never slip between the decrement and the removal at zero.
    const n = (await this.redis.eval(DECR_SCRIPT, 1, this.prefix + key)) as number;
    return n;
  }
  async zset(keys: string[], member: string, score: number | null, onlyIfPresent = false) {
    // One command per key, not one pipeline: each space's set is its own slot on a cluster (auto-pipelining still
    // sends them together, per master).
    await Promise.all(
      keys.map((key) => {
        const k = this.prefix + key;
        if (score === null) return this.redis.zrem(k, member);
        return onlyIfPresent ? this.redis.zadd(k, "XX", redisScore(score), member) : this.redis.zadd(k, redisScore(score), member);
      }),
    );
  }
  async zcountAbove(key: string, min: number) {
    const k = this.prefix + key;
    const [, [err, n]] = (await this.redis.multi().zremrangebyscore(k, "-inf", redisScore(min)).zcard(k).exec()) as [
      unknown,
      [Error | null, number],
    ];
    if (err) throw err;
    return n;
  }
  async ping() {
    await this.redis.ping();
  }
}

/** One process only: expiry is checked on read, and a sweep drops dead keys now and then. */
export class MemoryKv implements Kv {
  private map = new Map<string, { value: string; expires: number }>();
  private sorted = new Map<string, Map<string, number>>();
  private sweeper: NodeJS.Timeout;
  constructor(private clock: Clock) {
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }
  private live(key: string) {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires <= this.clock.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async mget(keys: string[]) {
    return keys.map((k) => this.live(k)?.value ?? null);
  }
  async set(key: string, value: string, ttlMs?: number) {
    this.map.set(key, { value, expires: ttlMs ? this.clock.now() + ttlMs : Infinity });
  }
  async del(...keys: string[]) {
    for (const k of keys) this.map.delete(k);
  }
  async incr(key: string, ttlMs: number) {
    const e = this.live(key);
    const n = (e ? Number(e.value) : 0) + 1;
    this.map.set(key, { value: String(n), expires: e ? e.expires : this.clock.now() + ttlMs });
    return n;
  }
  async decr(key: string) {
    const e = this.live(key);
    const n = Math.max(0, (e ? Number(e.value) : 0) - 1);
    if (n === 0) this.map.delete(key);
    else this.map.set(key, { value: String(n), expires: e!.expires });
    return n;
  }
  async zset(keys: string[], member: string, score: number | null, onlyIfPresent = false) {
    for (const k of keys) {
      const set = this.sorted.get(k);
      if (score === null) set?.delete(member);
      else if (set) {
        if (!onlyIfPresent || set.has(member)) set.set(member, score);
      } else if (!onlyIfPresent) this.sorted.set(k, new Map([[member, score]]));
      if (set?.size === 0) this.sorted.delete(k);
    }
  }
  async zcountAbove(key: string, min: number) {
    const set = this.sorted.get(key);
    if (!set) return 0;
    for (const [m, score] of set) if (score <= min) set.delete(m);
    if (!set.size) this.sorted.delete(key);
    return set.size;
  }
  async ping() {}
  private sweep() {
    const now = this.clock.now();
    for (const [k, e] of this.map) if (e.expires <= now) this.map.delete(k);
  }
  close() {
    clearInterval(this.sweeper);
  }
}
