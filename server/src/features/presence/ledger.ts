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

const PROCS = "presence:procs";
const share = (procId: string) => `presence:proc:${procId}`;

// Opens and closes of one event-loop turn, in the order they happened, as one script (a connect storm: one per batch,
// not one per socket). KEYS: this process's shares, then one total per change. ARGV: ttl, then per change its user
// and +1 (opened) or -1 (closed). Answers each change's total after it.
// A close this process never counted (its shares were already taken off as a dead process's) leaves the total alone.
const APPLY = `local n = #KEYS - 1
local out = {}
for i = 1, n do
  local total, user = KEYS[i + 1], ARGV[2 * i]
  if ARGV[2 * i + 1] == '1' then
    out[i] = redis.call('INCR', total)
    redis.call('PEXPIRE', total, ARGV[1])
    redis.call('HINCRBY', KEYS[1], user, 1)
  else
    local c = redis.call('HINCRBY', KEYS[1], user, -1)
    if c <= 0 then redis.call('HDEL', KEYS[1], user) end
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

// KEYS: live-process set, the dead process's shares. ARGV: dead process id, prefix of the total keys.
// Only the caller whose ZREM succeeds takes the shares off, so two processes sweeping at once correct once.
// (The total keys are built here from the prefix: fine on one Redis, not on Redis Cluster.)
const CLAIM = `if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return {} end
local h = redis.call('HGETALL', KEYS[2])
local gone = {}
for i = 1, #h, 2 do
  local k = ARGV[2] .. h[i]
  local n = redis.call('DECRBY', k, tonumber(h[i + 1]))
  if n <= 0 then
    redis.call('DEL', k)
    gone[#gone + 1] = h[i]
  end
end
redis.call('DEL', KEYS[2])
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
    const keys = [share(this.procId), ...part.map((c) => this.total(c.userId))];
    const args: (string | number)[] = [this.keys.ttlMs];
    for (const c of part) {
      args.push(c.userId, c.delta);
      // `mine` holds only what has gone to Redis: a restore (on the same connection) never counts a change that
      // is still waiting for its batch, which that batch would then count again.
      const n = (this.mine.get(c.userId) ?? 0) + c.delta;
      if (n > 0) this.mine.set(c.userId, n);
      else this.mine.delete(c.userId);
    }
    const totals = (await this.redis.eval(APPLY, keys.length, ...keys, ...args)) as number[];
    return totals.map(Number);
  }

  async start(onOrphans: OrphanHandler): Promise<void> {
    this.onOrphans = onOrphans;
    await this.redis.zadd(PROCS, this.clock.now(), this.procId);
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
    const added = await this.redis.zadd(PROCS, now, this.procId);
    if (added === 1) await this.restore();
    const dead = await this.redis.zrangebyscore(PROCS, "-inf", `(${now - this.o.deadAfterMs}`, "WITHSCORES");
    for (let i = 0; i < dead.length; i += 2) {
      const id = dead[i]!;
      if (id === this.procId) continue;
      const gone = (await this.redis.eval(CLAIM, 2, PROCS, share(id), id, this.kvPrefix + this.keys.kvKey(""))) as string[];
      if (gone.length) this.onOrphans(gone, Number(dead[i + 1]));
    }
  }

  /** Another process took this one for dead and removed its shares: count its live connections again. */
  private async restore(): Promise<void> {
    const pipe = this.redis.pipeline();
    for (const [userId, n] of this.mine) {
      pipe.incrby(this.total(userId), n).pexpire(this.total(userId), this.keys.ttlMs);
      pipe.hincrby(share(this.procId), userId, n);
    }
    await pipe.exec();
  }
}
