// One place that builds ioredis clients, so every Redis user shares the same options.
import { Redis, type RedisOptions } from "ioredis";

export type { Redis };

export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: false, enableAutoPipelining: true, ...extra });
}
