// Users rows as /me and profiles read them, cached per process (GET /api/auth/me is asked on every client
// start and poll). Every write that changes a row calls `changed(id)` after it commits and before it answers:
// every process drops the row at once through pub/sub, so none serves the old one once the writer has its answer.
import type { Knex } from "knex";
import { Cache } from "../../platform/cache.ts";
import type { Clock } from "../../platform/clock.ts";
import type { PubSub } from "../../platform/pubsub.ts";
import { findUser } from "./store.ts";
import type { UserRow } from "./view.ts";

export class UserRows {
  // Unknown ids are not kept: a new account is readable at once.
  private cache: Cache<UserRow | undefined>;

  constructor(
    private db: Knex,
    pubsub: PubSub,
    clock: Clock,
  ) {
    this.cache = new Cache({ name: "users", max: 50_000, ttlMs: 60_000, clock, pubsub, keep: (row) => row !== undefined });
  }

  async start(): Promise<void> {
    await this.cache.start();
  }

  find(id: string): Promise<UserRow | undefined> {
    const hit = this.cache.hit(id);
    return hit ? Promise.resolve(hit.value) : this.cache.load(id, () => findUser(this.db, id));
  }

  /** The cached row, or undefined on a miss (synchronous: /me answers a hit without a promise). */
  cached(id: string): UserRow | undefined {
    return this.cache.hit(id)?.value;
  }

  /** After a committed write to the user's row (profile, e-mail, verification, 2FA, admin, deletion …). */
  changed(id: string): Promise<void> {
    return this.cache.invalidate(id);
  }
}
