// Is this device session still alive? Asked on every authenticated request, so the answer is cached
// in-process for a short while; a revocation clears it on every process at once through the pub/sub seam
// (Redis when configured), so a revoked session's access tokens stop working immediately.
import type { Knex } from "knex";
import type { PubSub } from "../../platform/pubsub.ts";
import type { Clock } from "../../platform/clock.ts";

const CACHE_MS = 30_000;
const CACHE_MAX = 50_000;
const REVOKED = "sessions:revoked";

export class SessionGuard {
  private alive = new Map<string, { userId: string; until: number }>();

  constructor(private db: Knex, private pubsub: PubSub, private clock: Clock) {}

  async start(): Promise<void> {
    await this.pubsub.subscribe(REVOKED, (ids) => {
      for (const id of ids.split(",")) this.alive.delete(id);
    });
  }

  /** True when the session exists, belongs to `userId` and is not revoked. Touches `last_seen_at` on a cache miss. */
  async check(sessionId: string, userId: string): Promise<boolean> {
    const now = this.clock.now();
    const hit = this.alive.get(sessionId);
    if (hit && hit.until > now) return hit.userId === userId;
    const [row] = await this.db("sessions")
      .where({ id: sessionId })
      .whereNull("revoked_at")
      .update({ last_seen_at: this.db.fn.now() })
      .returning("user_id");
    if (!row) {
      this.alive.delete(sessionId);
      return false;
    }
    if (this.alive.size >= CACHE_MAX) this.alive.clear();
    this.alive.set(sessionId, { userId: row.user_id, until: now + CACHE_MS });
    return row.user_id === userId;
  }

  /** Marks sessions revoked (in `db`, which may be a transaction) and tells every process. */
  async revoke(db: Knex, sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    await db("sessions").whereIn("id", sessionIds).whereNull("revoked_at").update({ revoked_at: db.fn.now() });
    await this.forget(sessionIds);
  }

  /** Clears cached answers for sessions everywhere (call after the revoking transaction commits, too). */
  async forget(sessionIds: string[]): Promise<void> {
    for (const id of sessionIds) this.alive.delete(id);
    await this.pubsub.publish(REVOKED, sessionIds.join(","));
  }
}
