// Is this device session still alive? Asked on every authenticated request, so the answer is cached
// in-process for a short while; a revocation clears it on every process at once through the pub/sub seam
// (Redis when configured), so a revoked session's access tokens stop working immediately. A check racing a
// revocation does not put the session back (the cache helper's generation guard).
import type { Knex } from "knex";
import type { PubSub } from "../../platform/pubsub.ts";
import type { Clock } from "../../platform/clock.ts";
import { Cache } from "../../platform/cache.ts";
import { InFlightBatcher } from "../../platform/batcher.ts";
import { liveSessionsAmong, revokeSessions, sessionOwners, touchSession } from "./store.ts";

export class SessionGuard {
  /** Session id → its user id; only live sessions are kept (an unknown or revoked one costs a query). */
  private alive: Cache<string | undefined>;

  /**
   * Read-only lookups of socket connects, batched: the connects read while one query runs share the next
   * (a connect storm costs a query per batch, not per socket).
   */
  private owners: InFlightBatcher<string, string | undefined>;

  constructor(
    private db: Knex,
    private pubsub: PubSub,
    clock: Clock,
  ) {
    this.owners = new InFlightBatcher(
      async (ids) => {
        const found = await sessionOwners(this.db, [...new Set(ids)]);
        return ids.map((id) => found.get(id));
      },
      { maxBatch: 500 },
    );
    this.alive = new Cache({ name: "sessions", max: 50_000, ttlMs: 30_000, clock, pubsub, keep: (userId) => userId !== undefined });
  }

  async start(): Promise<void> {
    await this.alive.start();
  }

  /**
   * True when the session exists, belongs to `userId` and is not revoked. Touches `last_seen_at` on a cache miss,
   * unless `touch` is false (a realtime connect writes nothing its answer does not need).
   */
  async check(sessionId: string, userId: string, opts: { touch?: boolean } = {}): Promise<boolean> {
    const hit = this.alive.hit(sessionId);
    const read = opts.touch === false ? () => this.owners.load(sessionId) : () => touchSession(this.db, sessionId);
    const owner = hit ? hit.value : await this.alive.load(sessionId, read);
    return owner === userId;
  }

  /** `check`'s answer when it needs no query (the session is cached), else undefined. Synchronous: the hot path. */
  cached(sessionId: string, userId: string): boolean | undefined {
    const hit = this.alive.hit(sessionId);
    return hit ? hit.value === userId : undefined;
  }

  /** Which of these sessions are live, read from the database (not the cache). */
  liveAmong(sessionIds: string[]): Promise<Set<string>> {
    return liveSessionsAmong(this.db, sessionIds);
  }

  /** Hears every revocation made by any process (the realtime gateway closes those sessions' sockets). */
  onRevoked(handler: (sessionIds: string[]) => void): Promise<() => Promise<void>> {
    // Revocations travel as the session cache's invalidations (Cache name "sessions").
    return this.pubsub.subscribe("cache:sessions", (message) => handler(JSON.parse(message) as string[]));
  }

  /** Marks sessions revoked (in `db`, which may be a transaction) and tells every process. */
  async revoke(db: Knex, sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    await revokeSessions(db, sessionIds);
    await this.forget(sessionIds);
  }

  /** Clears cached answers for sessions everywhere (call after the revoking transaction commits, too). */
  async forget(sessionIds: string[]): Promise<void> {
    await this.alive.invalidate(sessionIds);
  }
}
