// One place that builds ioredis clients, so every Redis user shares the same options: one Redis server
// (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES) through ioredis' Cluster, which follows MOVED/ASK and
// failovers by itself. Keys that one command or script touches together carry one hash tag (`{…}`), so on a
// cluster they live in one slot; see docs/running-at-scale.md.
import { Cluster, Redis as Single, type ClusterOptions, type RedisOptions } from "ioredis";
import type { RedisNode } from "./config.ts";
import { answerWithin } from "./deadline.ts";

/** A client of either kind: the commands the service uses exist on both. */
export type Redis = Single | Cluster;

/** Where Redis is: one server, or the seed nodes of a cluster. */
export type RedisTarget = { url: string } | { cluster: RedisNode[] };

/** Cluster-only options a caller may add (e.g. sharded subscribers for SSUBSCRIBE). */
type ClusterExtra = Pick<ClusterOptions, "shardedSubscribers">;

/** `target` as a string: the URL of one Redis server. */
export function createRedis(target: string | RedisTarget, extra: RedisOptions = {}, clusterExtra: ClusterExtra = {}): Redis {
  if (typeof target === "string") target = { url: target };
  if ("url" in target) return new Single(target.url, { lazyConnect: false, enableAutoPipelining: true, ...extra });
  const { enableOfflineQueue, commandTimeout, ...perNode } = extra;
  const cluster = new Cluster(target.cluster, {
    lazyConnect: false,
    // Commands to one master in one turn of the event loop go out as one pipeline per node.
    enableAutoPipelining: true,
    enableOfflineQueue: enableOfflineQueue ?? true,
    // A promoted replica answers within a few hundred ms of the failover; MOVED and CLUSTERDOWN are retried meanwhile.
    retryDelayOnFailover: 100,
    retryDelayOnClusterDown: 100,
    slotsRefreshInterval: 2000,
    redisOptions: perNode,
    ...clusterExtra,
  });
  return commandTimeout === undefined ? cluster : bounded(cluster, commandTimeout);
}

/**
 * A cluster whose commands fail after `ms`. ioredis' own commandTimeout would also bound the cluster's internal
 * topology queries (which then never complete on a busy machine) and does not cover a command waiting for a node
 * that is away; bounding each call of the client covers both. Transactions (`multi().exec()`) are not bounded.
 */
function bounded(cluster: Cluster, ms: number): Cluster {
  return new Proxy(cluster, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function" || prop === "on" || prop === "once" || prop === "off") return value;
      return (...args: unknown[]) => {
        const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return out instanceof Promise ? answerWithin(out, ms, "Command timed out") : out;
      };
    },
  });
}

export const isCluster = (redis: Redis): redis is Cluster => redis instanceof Cluster;

/** What Redis Cluster hashes for a key's slot: the hash tag's content when it has a non-empty one, else the key. */
function hashedPart(key: string): string {
  const open = key.indexOf("{");
  if (open < 0) return key;
  const close = key.indexOf("}", open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

/**
 * Splits `keys` by hash tag, keeping each key's position: a multi-key command on a cluster must name keys of one
 * slot only, and keys with one tag share a slot. On one server everything is one group.
 */
export function byTag(redis: Redis, keys: string[]): number[][] {
  if (!isCluster(redis)) return [keys.map((_, i) => i)];
  const groups = new Map<string, number[]>();
  keys.forEach((k, i) => {
    const s = hashedPart(k);
    let g = groups.get(s);
    if (!g) groups.set(s, (g = []));
    g.push(i);
  });
  return [...groups.values()];
}

/**
 * Resolves once `redis` is connected. A client with `enableOfflineQueue: false` refuses every command
 * until then, so it must be awaited before first use; a Redis that never answers rejects after `timeoutMs`.
 */
export function whenReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  let onReady: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => redis.once("ready", (onReady = resolve)));
  return answerWithin(ready, timeoutMs, `redis did not answer within ${timeoutMs} ms`).finally(() => redis.off("ready", onReady!));
}
