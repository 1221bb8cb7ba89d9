// How many realtime connections each user has, over every server process, corrected when a process dies.
// With Redis, each process also keeps its own share of every user's count in a hash and heartbeats into a sorted
// set of live processes; any process that sees a heartbeat older than the TTL claims the dead one (atomically, so
// exactly once), takes its shares off the totals and reports the users left with no connection. In-process mode
// has one process, whose death takes the counts with it, so a plain counter is enough.
import type { Redis } from "../../platform/redis.ts";
import type { Kv } from "../../platform/kv.ts";
import type { Clock } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { InFlightBatcher } from "../../platform/batcher.ts";
import { isCluster } from "../../platform/redis.ts";
import { ALL_BUCKETS, bucketOf, connsPrefix, PROCS_KEY, shareKey } from "./keys.ts";

/** Users whose last connections were on a process that died, and when that process was last heard of. */
export type OrphanHandler = (userIds: string[], lastSeenAt: number) => void;

export interface ConnectionLedger {
  /** Counts one more connection of `userId` on this process; answers the user's total over all processes. */
  opened(userId: string): Promise<number>;
  /** Counts one connection less (never below zero); answers the user's remaining total. */
  closed(userId: string): Promise<number>;
  /** Starts the heartbeat and the watch for dead processes. */
  start(onOrphans: OrphanHandler): Promise<void>;
  stop(): void;
}

/** The count key (as the Kv seam names it, `kvKey`), kept for `ttlMs` after the last change as a safety net. */
export interface CountKeys {
  kvKey(userId: string): string;
  ttlMs: number;
}

export class MemoryLedger implements ConnectionLedger {
  constructor(
    private kv: Kv,
    private keys: CountKeys,
  ) {}
  opened(userId: string) {
    return this.kv.incr(this.keys.kvKey(userId), this.keys.ttlMs);
  }
  closed(userId: string) {
    return this.kv.decr(this.keys.kvKey(userId));
  }
  async start() {}
  stop() {}
}

// Opens and closes of one event-loop turn, in the order they happened, as one script (a connect storm: one per batch,
// not one per socket; on a Redis Cluster one per bucket of users, each bucket one slot). KEYS: per change, this
// process's share of the user's bucket and the user's total. ARGV: ttl, then per change its user and +1 (opened)
// or -1 (closed). Answers each change's total after it.
// A close this process never counted (its shares were already taken off as a dead process's) leaves the total alone.
const APPLY = `local out = {}
for i = 1, #KEYS / 2 do
  local share, total, user = KEYS[2 * i - 1], KEYS[2 * i], ARGV[2 * i]
  if ARGV[2 * i + 1] == '1' then
    out[i] = redis.call('INCR', total)
    redis.call('PEXPIRE', total, ARGV[1])
    redis.call('HINCRBY', share, user, 1)
  else
    local c = redis.call('HINCRBY', share, user, -1)
    if c <= 0 then redis.call('HDEL', share, user) end
    if c < 0 then
      out[i] = tonumber(redis.call('GET', total) or '0')
    else
      local t = redis.call('DECR', total)
      if t <= 0 then redis.call('DEL', total) t = 0 end
      out[i] = t
    end
  end
end
return out`;

/** A connection opened (+1) or closed (-1) on this process. */
interface Change {
  userId: string;
  delta: 1 | -1;
}

// Takes a dead process's share of one bucket off its users' totals. KEYS: the share. ARGV: the prefix of the
// bucket's total keys (the same hash tag, so the same slot). Runs only for the caller whose ZREM of the dead
// process succeeded, so two processes sweeping at once correct once.
const CLAIM = `local h = redis.call('HGETALL', KEYS[1])
local gone = {}
for i = 1, #h, 2 do
  local k = ARGV[1] .. h[i]
  local n = redis.call('DECRBY', k, tonumber(h[i + 1]))
  if n <= 0 then
    redis.call('DEL', k)
    gone[#gone + 1] = h[i]
  end
end
redis.call('DEL', KEYS[1])
return gone`;

export interface RedisLedgerOptions {
  /** Heartbeat period; a process silent for `deadAfterMs` is dead. */
  heartbeatMs: number;
  deadAfterMs: number;
  onError(err: unknown): void;
}

export class RedisLedger implements ConnectionLedger {
  readonly procId = newId();
  /** This process's shares, to restore them if it was (wrongly) declared dead, e.g. after a long pause. */
  private mine = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /**
   * Changes made while a script runs go out together in the next one, one script at a time, in the order they
   * happened (a close never overtakes its open). At most 1,000 per script: a bounded time inside Redis.
   */
  private changes = new InFlightBatcher<Change, number>((part) => this.apply(part), { maxInFlight: 1, maxBatch: 1000 });
  private onOrphans: OrphanHandler = () => {};

  constructor(
    private redis: Redis,
    /** Prefix the Kv seam puts before its keys (the totals are read through it). */
    private kvPrefix: string,
    private keys: CountKeys,
    private clock: Clock,
    private o: RedisLedgerOptions,
  ) {}

  opened(userId: string): Promise<number> {
    return this.changes.load({ userId, delta: 1 });
  }

  closed(userId: string): Promise<number> {
    return this.changes.load({ userId, delta: -1 });
  }

  private async apply(part: Change[]): Promise<number[]> {
    for (const c of part) {
      // `mine` holds only what has gone to Redis: a restore (on the same connection) never counts a change that
      // is still waiting for its batch, which that batch would then count again.
      const n = (this.mine.get(c.userId) ?? 0) + c.delta;
      if (n > 0) this.mine.set(c.userId, n);
      else this.mine.delete(c.userId);
    }
    // One server: the whole batch in one script. A cluster: one script per bucket, in the batch's order within it
    // (a user's changes are all in its bucket, so a close never overtakes its open).
    const groups = new Map<number, number[]>();
    part.forEach((c, i) => {
      const b = isCluster(this.redis) ? bucketOf(c.userId) : 0;
      let g = groups.get(b);
      if (!g) groups.set(b, (g = []));
      g.push(i);
    });
    const out = new Array<number>(part.length);
    await Promise.all(
      [...groups.values()].map(async (g) => {
        const keys: string[] = [];
        const args: (string | number)[] = [this.keys.ttlMs];
        for (const i of g) {
          const c = part[i]!;
          keys.push(shareKey(this.procId, bucketOf(c.userId)), this.total(c.userId));
          args.push(c.userId, c.delta);
        }
        const totals = (await this.redis.eval(APPLY, keys.length, ...keys, ...args)) as number[];
        g.forEach((i, j) => (out[i] = Number(totals[j])));
      }),
    );
    return out;
  }

  async start(onOrphans: OrphanHandler): Promise<void> {
    this.onOrphans = onOrphans;
    await this.redis.zadd(PROCS_KEY, this.clock.now(), this.procId);
    this.timer = setInterval(() => void this.beat().catch((err) => this.o.onError(err)), this.o.heartbeatMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private total(userId: string): string {
    return this.kvPrefix + this.keys.kvKey(userId);
  }

  private async beat(): Promise<void> {
    const now = this.clock.now();
    const added = await this.redis.zadd(PROCS_KEY, now, this.procId);
    if (added === 1) await this.restore();
    const dead = await this.redis.zrangebyscore(PROCS_KEY, "-inf", `(${now - this.o.deadAfterMs}`, "WITHSCORES");
    for (let i = 0; i < dead.length; i += 2) {
      const id = dead[i]!;
      if (id === this.procId) continue;
      // Whoever removes the dead process from the set owns its correction.
      if ((await this.redis.zrem(PROCS_KEY, id)) === 0) continue;
      const gone = await Promise.all(
        ALL_BUCKETS.map((b) => this.redis.eval(CLAIM, 1, shareKey(id, b), this.kvPrefix + connsPrefix(b)) as Promise<string[]>),
      );
      const users = gone.flat();
      if (users.length) this.onOrphans(users, Number(dead[i + 1]));
    }
  }

  /** Another process took this one for dead and removed its shares: count its live connections again. */
  private async restore(): Promise<void> {
    // Separate commands, not one pipeline: on a cluster they go to several masters (auto-pipelined per master).
    await Promise.all(
      [...this.mine].flatMap(([userId, n]) => [
        this.redis.incrby(this.total(userId), n),
        this.redis.pexpire(this.total(userId), this.keys.ttlMs),
        this.redis.hincrby(shareKey(this.procId, bucketOf(userId)), userId, n),
      ]),
    );
  }
}
