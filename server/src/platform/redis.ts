// One place that builds ioredis clients, so every Redis user shares the same options.
import { Redis, type RedisOptions } from "ioredis";

export type { Redis };

export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: false, enableAutoPipelining: true, ...extra });
}

/**
 * Resolves once `redis` is connected. A client with `enableOfflineQueue: false` refuses every command
 * until then, so it must be awaited before first use; a Redis that never answers rejects after `timeoutMs`.
 */
export function whenReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error(`redis did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
  });
}
