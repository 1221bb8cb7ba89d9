// Retention (issue 17 item 12): finished webhook deliveries, used or expired e-mail tokens, rotated or revoked
// refresh tokens, old MLS commits and unclaimed Welcomes are deleted on a schedule. Every process runs the
// schedule; a PostgreSQL advisory lock taken for the round lets one of them prune at a time (the others skip it).
import { inTransaction, type Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import type { RetentionConfig } from "../../platform/config.ts";
import * as store from "./store.ts";

/** The Welcome TTL of CONTRACT 12 (fixed, not configurable). */
const WELCOME_DAYS = 30;

export interface PruneCounts {
  deliveries: number;
  emailTokens: number;
  refreshTokens: number;
  e2eCommits: number;
  welcomes: number;
}

export class RetentionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private db: Db,
    private config: RetentionConfig,
    private log: Logger,
  ) {}

  /** First round shortly after start (not during it), then every `intervalSeconds`. */
  start(): void {
    const every = this.config.intervalSeconds * 1000;
    const tick = () => {
      this.running = this.runOnce()
        .catch((err) => this.log.warn({ err: (err as Error).message }, "retention round failed"))
        .finally(() => {
          this.running = undefined;
          if (this.timer) this.timer = setTimeout(tick, every).unref();
        });
    };
    this.timer = setTimeout(tick, Math.min(every, 5000)).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round; null when another process holds the round (its advisory lock). */
  async runOnce(): Promise<PruneCounts | null> {
    const counts = await inTransaction(this.db, async (trx) => {
      if (!(await store.tryRoundLock(trx))) return null;
      const c = this.config;
      return {
        deliveries: await store.pruneDeliveries(trx, c.deliveriesDays),
        emailTokens: await store.pruneEmailTokens(trx, c.emailTokensDays),
        refreshTokens: await store.pruneRefreshTokens(trx, c.refreshTokensDays),
        e2eCommits: await store.pruneE2ECommits(trx, c.e2eCommitsDays),
        welcomes: await store.pruneWelcomes(trx, WELCOME_DAYS),
      };
    });
    if (counts && Object.values(counts).some((n) => n > 0)) this.log.info(counts, "retention: old rows deleted");
    return counts;
  }
}
