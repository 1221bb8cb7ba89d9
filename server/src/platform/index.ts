// Opens every seam for the configured mode: a PostgreSQL server or the embedded one; Redis or in-process adapters.
import type { Knex } from "knex";
import type { Config } from "./config.ts";
import { systemClock, type Clock } from "./clock.ts";
import { openEmbedded, openPostgres, migrate, type Database } from "./db.ts";
import { MemoryKv, RedisKv, type Kv } from "./kv.ts";
import { memoryLimiters, redisLimiters, type LimiterFactory } from "./limiter.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMetrics, type Metrics } from "./metrics.ts";
import { MemoryPubSub, RedisPubSub, type PubSub } from "./pubsub.ts";
import { postgresQueues, redisQueues, type Queues } from "./queue.ts";
import { createRedis, whenReady, type Redis, type RedisTarget } from "./redis.ts";
import { answerWithin } from "./deadline.ts";

export interface Platform {
  config: Config;
  log: Logger;
  metrics: Metrics;
  clock: Clock;
  db: Knex;
  /** Reads that may lag (Database.replica). */
  replica: Knex;
  database: Database;
  kv: Kv;
  pubsub: PubSub;
  limiters: LimiterFactory;
  queues: Queues;
  /** The client of `kv` (and presence's raw commands beside it), whose commands fail after KV_TIMEOUT_MS; none when embedded. */
  redis: Redis | undefined;
  /**
   * The dependencies that do not answer within 2 s: empty when the database and (where configured) Redis answer.
   * Why each one failed is logged here, never given to the caller (its text can name hosts, ports and users).
   */
  failing(): Promise<Dependency[]>;
  close(): Promise<void>;
}

type Dependency = "database" | "redis";

export interface PlatformOverrides {
  log?: Logger;
  clock?: Clock;
}

/**
 * How long a rate-limit count waits for Redis. A Redis that holds the connection without answering (stopped,
 * swapped out, a half-open link) must fail closed like one that is gone (docs/limits.md#fail-closed), not hold every
 * rate-limited request until it wakes. A healthy count takes well under a millisecond here.
 */
const LIMITER_TIMEOUT_MS = 1000;

/**
 * How long a key-value command (presence, 2FA challenges) waits for Redis. The same reason: a Redis that holds
 * the connection without answering would otherwise hold every request that reads presence (a member list,
 * a status) until it wakes; bounded, such a request fails as it does against a Redis that is gone.
 */
const KV_TIMEOUT_MS = 1000;

export async function openPlatform(config: Config, overrides: PlatformOverrides = {}): Promise<Platform> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  const metrics = createMetrics();
  const database = await openDatabase(config, log);
  const target = redisTarget(config);
  const stores = target ? await redisStores(target, config, log, database) : memoryStores(config, clock, log, database);
  const { kv, pubsub, limiters, queues } = stores;
  return {
    config,
    log,
    metrics,
    clock,
    db: database.knex,
    replica: database.replica,
    database,
    kv,
    pubsub,
    limiters,
    queues,
    redis: stores.kvRedis,
    failing: readiness(log, database, stores.redis),
    async close() {
      await queues.close();
      await pubsub.close();
      if (kv instanceof MemoryKv) kv.close();
      for (const client of stores.clients) client.disconnect();
      await database.close();
    },
  };
}

/** The configured PostgreSQL server or the embedded one, migrated. */
async function openDatabase(config: Config, log: Logger): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, undefined, { pooler: config.databasePooler, replicaUrl: config.databaseReplicaUrl })
    : await openEmbedded(config.dataDir, log);
  try {
    await migrate(database.knex);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

const redisTarget = (config: Config): RedisTarget | undefined =>
  config.redisClusterNodes ? { cluster: config.redisClusterNodes } : config.redisUrl ? { url: config.redisUrl } : undefined;

/** The seams that live in Redis, or in this process without it. */
interface Stores {
  kv: Kv;
  pubsub: PubSub;
  limiters: LimiterFactory;
  queues: Queues;
  /** The client whose errors are logged and that the readiness check pings. */
  redis?: Redis;
  /** The client of `kv`. */
  kvRedis?: Redis;
  /** Every client to disconnect at close. */
  clients: Redis[];
}

/**
 * Three clients, each bounded its own way: publishes (pubsub.ts's one watch for all of them, not a timer per
 * publish on the send path), key-value commands (a timeout each) and rate-limit counts (a timeout each, no
 * offline queue: they fail closed at once while Redis is away).
 */
async function redisStores(target: RedisTarget, config: Config, log: Logger, database: Database): Promise<Stores> {
  const redis = createRedis(target);
  redis.on("error", (err: Error) => log.warn({ err: err.message }, "redis connection error"));
  const kvRedis = createRedis(target, { commandTimeout: KV_TIMEOUT_MS });
  const limiterRedis = createRedis(target, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: LIMITER_TIMEOUT_MS });
  // On a cluster, realtime fan-out subscribes per shard (SSUBSCRIBE), through one subscriber connection per master.
  const subRedis = "cluster" in target ? createRedis(target, {}, { shardedSubscribers: true }) : undefined;
  // Reported through `redis` above; the others' commands fail on their own.
  kvRedis.on("error", () => {});
  limiterRedis.on("error", () => {});
  try {
    // Without an offline queue the limiter client refuses commands until connected: wait, or every
    // rate-limited request right after start would be refused. A Redis that is away fails the start.
    await whenReady(limiterRedis);
  } catch (err) {
    for (const client of [redis, kvRedis, limiterRedis, subRedis]) client?.disconnect();
    await database.close();
    throw err;
  }
  return {
    kv: new RedisKv(kvRedis),
    pubsub: new RedisPubSub(redis, undefined, subRedis),
    limiters: redisLimiters(limiterRedis, config.rateLimitMultiplier),
    queues: redisQueues(target, log),
    redis,
    kvRedis,
    // The subscriber is the pubsub's: its close() ends it.
    clients: [redis, kvRedis, limiterRedis],
  };
}

function memoryStores(config: Config, clock: Clock, log: Logger, database: Database): Stores {
  log.info(
    "no REDIS_URL or REDIS_CLUSTER_NODES: rate limits, presence, realtime fan-out and caches run in this process (run one process only); the job queue runs on PostgreSQL",
  );
  return {
    kv: new MemoryKv(clock),
    pubsub: new MemoryPubSub(),
    limiters: memoryLimiters(config.rateLimitMultiplier),
    queues: postgresQueues(database.connection, log),
    clients: [],
  };
}

/** Platform.failing: each dependency probed with a bound, its failure logged once per outage. */
function readiness(log: Logger, database: Database, redis: Redis | undefined): () => Promise<Dependency[]> {
  /** The dependencies whose failure the readiness check has logged and that have not answered since. */
  const down = new Set<Dependency>();
  const probe = async (name: Dependency, check: PromiseLike<unknown>): Promise<Dependency | undefined> => {
    try {
      await answerWithin(Promise.resolve(check), 2000, `${name} did not answer within 2 s`);
      if (down.delete(name)) log.info({ dependency: name }, "readiness check passes again");
      return undefined;
    } catch (err) {
      // Once per outage: anyone may ask /readyz, as often as they like.
      if (!down.has(name)) log.warn({ dependency: name, err: { message: (err as Error).message } }, "readiness check failed");
      down.add(name);
      return name;
    }
  };
  return async () => {
    const results = await Promise.all([probe("database", database.knex.raw("select 1")), redis && probe("redis", redis.ping())]);
    return results.filter((r) => r !== undefined);
  };
}
