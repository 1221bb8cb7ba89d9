// Rate limiting seam (spec 8): rate-limiter-flexible on Redis when configured, in memory otherwise.
// It fails closed: when the counter store cannot answer, callers are told so and must refuse the request.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "./redis.ts";

export interface LimitSpec {
  /** Names the limit in keys and metrics, e.g. `msg:ch`. */
  name: string;
  points: number;
  durationSeconds: number;
}

export type LimitOutcome = { ok: true } | { ok: false; retryAfterSeconds: number };

export class LimiterUnavailable extends Error {
  constructor(cause: unknown) {
    super("rate limiter store unavailable", { cause });
  }
}

export interface Limiter {
  readonly spec: LimitSpec;
  /** Counts one hit for `key`. Throws LimiterUnavailable when the store does not answer. */
  consume(key: string): Promise<LimitOutcome>;
  /** Whether `key` has used up its points, without counting a hit (limits that count failures only). */
  peek(key: string): Promise<LimitOutcome>;
}

export interface LimiterFactory {
  create(spec: LimitSpec): Limiter;
}

class FlexibleLimiter implements Limiter {
  constructor(readonly spec: LimitSpec, private impl: RateLimiterAbstract) {}
  async consume(key: string): Promise<LimitOutcome> {
    try {
      await this.impl.consume(key, 1);
      return { ok: true };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      throw new LimiterUnavailable(err);
    }
  }
  async peek(key: string): Promise<LimitOutcome> {
    let res: RateLimiterRes | null;
    try {
      res = await this.impl.get(key);
    } catch (err) {
      throw new LimiterUnavailable(err);
    }
    if (!res || res.consumedPoints < this.impl.points) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }
}

/** `multiplier` raises every count (RATE_LIMIT_MULTIPLIER, benchmarks only). */
export function memoryLimiters(multiplier = 1): LimiterFactory {
  return {
    create: (spec) =>
      new FlexibleLimiter(spec, new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points * multiplier, duration: spec.durationSeconds })),
  };
}

/** `redis` should have `enableOfflineQueue: false` so a dead Redis fails at once instead of queueing. */
export function redisLimiters(redis: Redis, multiplier = 1): LimiterFactory {
  return {
    create: (spec) =>
      new FlexibleLimiter(
        spec,
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${spec.name}`, points: spec.points * multiplier, duration: spec.durationSeconds }),
      ),
  };
}
