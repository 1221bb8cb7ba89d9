// Rate limiting seam (docs/limits.md): rate-limiter-flexible on Redis when configured, in memory otherwise.
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
  /** Hands one hit back (a counted attempt that turned out to be allowed, e.g. a right password). Best effort. */
  reward(key: string): Promise<void>;
}

export interface LimiterFactory {
  create(spec: LimitSpec): Limiter;
  /**
   * Counts several hits at once (on Redis: one script, one round trip). Stages run in order: a stage is counted
   * only when every hit of the stages before it was allowed; within a stage every hit is counted. Answers the
   * first refused hit in order, or null. Throws LimiterUnavailable when the store does not answer.
   */
  consumeAll(stages: Hit[][]): Promise<Hit | null>;
}

/** One hit of a `consumeAll`: a limiter made by the same factory, and its key. */
interface Hit {
  limiter: Limiter;
  key: string;
}

/**
 * The key as stored in Redis: its first segment (the bot of `<bot>:<channel>`, the user of `<user>:<bot>`) as a hash
 * tag, so every counter one script counts together (a bot's send limits) lives in one slot of a Redis Cluster.
 */
const storedKey = (key: string): string => {
  const colon = key.indexOf(":");
  return colon < 0 ? `{${key}}` : `{${key.slice(0, colon)}}${key.slice(colon)}`;
};

class FlexibleLimiter implements Limiter {
  constructor(
    readonly spec: LimitSpec,
    private impl: RateLimiterAbstract,
    private keyOf: (key: string) => string = (k) => k,
  ) {}
  async consume(key: string): Promise<LimitOutcome> {
    try {
      await this.impl.consume(this.keyOf(key), 1);
      return { ok: true };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      throw new LimiterUnavailable(err);
    }
  }
  async reward(key: string): Promise<void> {
    try {
      await this.impl.reward(this.keyOf(key), 1);
    } catch (err) {
      throw new LimiterUnavailable(err);
    }
  }
}

/** `multiplier` raises every count (RATE_LIMIT_MULTIPLIER, benchmarks only). */
export function memoryLimiters(multiplier = 1): LimiterFactory {
  return {
    create: (spec) =>
      new FlexibleLimiter(
        spec,
        new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points * multiplier, duration: spec.durationSeconds }),
      ),
    async consumeAll(stages) {
      for (const stage of stages) {
        const outcomes = await Promise.all(stage.map((h) => h.limiter.consume(h.key)));
        const refused = outcomes.findIndex((o) => !o.ok);
        if (refused >= 0) return stage[refused]!;
      }
      return null;
    },
  };
}

/**
 * rate-limiter-flexible's own counting (RateLimiterRedis: SET NX EX, INCRBY, PTTL, EXPIRE if the TTL was lost) on
 * the same keys (`rl:<name>:` and storedKey), for several counters in one script (on a Redis Cluster, the callers'
 * keys share their first segment, so one slot). ARGV per key: points, seconds, stage.
 * Returns the 1-based index of the first refused key, or 0.
 */
const CONSUME_ALL = `
local refused = 0
local stage = nil
for i = 1, #KEYS do
  local points = tonumber(ARGV[3 * i - 2])
  local secs = ARGV[3 * i - 1]
  local s = ARGV[3 * i]
  if s ~= stage then
    if refused > 0 then return refused end
    stage = s
  end
  redis.call('set', KEYS[i], 0, 'EX', secs, 'NX')
  local consumed = redis.call('incrby', KEYS[i], 1)
  if redis.call('pttl', KEYS[i]) == -1 then redis.call('expire', KEYS[i], secs) end
  if consumed > points and refused == 0 then refused = i end
end
return refused
`;

type ConsumeAllClient = Redis & { parleyConsumeAll(keys: number, ...args: (string | number)[]): Promise<number> };

/** `redis` should have `enableOfflineQueue: false` so a dead Redis fails at once instead of queueing. */
export function redisLimiters(redis: Redis, multiplier = 1): LimiterFactory {
  const client = redis as ConsumeAllClient;
  // EVALSHA, falling back to EVAL once per connection when the script is not loaded.
  if (typeof client.parleyConsumeAll !== "function") client.defineCommand("parleyConsumeAll", { lua: CONSUME_ALL });
  return {
    create: (spec) =>
      new FlexibleLimiter(
        spec,
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `rl:${spec.name}`,
          points: spec.points * multiplier,
          duration: spec.durationSeconds,
        }),
        storedKey,
      ),
    async consumeAll(stages) {
      // KEYS then ARGV (points, seconds, stage per key) in one pass: the bot send counts three limits per request.
      const hits: Hit[] = [];
      const keys: string[] = [];
      const args: (string | number)[] = [];
      for (let i = 0; i < stages.length; i++)
        for (const h of stages[i]!) {
          hits.push(h);
          keys.push(`rl:${h.limiter.spec.name}:${storedKey(h.key)}`);
          args.push(h.limiter.spec.points * multiplier, h.limiter.spec.durationSeconds, i);
        }
      let refused: number;
      try {
        refused = await client.parleyConsumeAll(keys.length, ...keys, ...args);
      } catch (err) {
        throw new LimiterUnavailable(err);
      }
      return refused > 0 ? hits[refused - 1]! : null;
    },
  };
}
