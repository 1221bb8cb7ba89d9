// Retention: finished webhook deliveries, used or expired e-mail tokens, rotated or revoked
// refresh tokens, old MLS commits and unclaimed Welcomes are deleted on a schedule. Every process runs the
// schedule; a PostgreSQL advisory lock taken for the round lets one of them prune at a time (the others skip it).
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import type { RetentionConfig } from "../../platform/config.ts";
import * as store from "./store.ts";

/** The Welcome TTL (docs/e2e.md#welcomes; fixed, not configurable). */
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
    const c = this.config;
    const steps: [keyof PruneCounts, () => Promise<number>][] = [
      ["deliveries", () => store.pruneDeliveries(this.db, c.deliveriesDays)],
      ["emailTokens", () => store.pruneEmailTokens(this.db, c.emailTokensDays)],
      ["refreshTokens", () => store.pruneRefreshTokens(this.db, c.refreshTokensDays)],
      ["e2eCommits", () => store.pruneE2ECommits(this.db, c.e2eCommitsDays)],
      ["welcomes", () => store.pruneWelcomes(this.db, WELCOME_DAYS)],
    ];
    const counts = { deliveries: 0, emailTokens: 0, refreshTokens: 0, e2eCommits: 0, welcomes: 0 };
    let pruned = false;
    for (const [kind, prune] of steps) {
      const n = await prune();
      if (n === store.HELD_ELSEWHERE) {
        // Another process holds the round (it prunes the rest).
        if (!pruned) return null;
        break;
      }
      counts[kind] = n;
      pruned = true;
    }
    if (Object.values(counts).some((n) => n > 0)) this.log.info(counts, "retention: old rows deleted");
    return counts;
  }
}
