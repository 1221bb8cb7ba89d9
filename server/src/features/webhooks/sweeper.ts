// The sweeper: every few seconds, pending deliveries past their due time are queued again —
// jobs lost with a Redis that came back empty, enqueues that failed while the queue's connection was down, rows
// of a process killed mid-attempt. Processes sweeping at once claim different rows (store.claimOverdue), and job ids make a
// re-queue of a job still waiting or running a no-op.
import type { Knex } from "knex";
import type { Logger } from "../../platform/logger.ts";
import { toJob } from "./dispatcher.ts";
import { jobIdOf, type Lanes } from "./jobs.ts";
import * as store from "./store.ts";

const SWEEP_EVERY_MS = 2_000;
/** A claimed row is due again after this, should its new job be lost too. */
const LEASE_MS = 30_000;
const BATCH = 1_000;

export class Sweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private db: Knex,
    private lanes: Lanes,
    private log: Logger,
    private everyMs = SWEEP_EVERY_MS,
  ) {}

  start(): void {
    const tick = () => {
      this.running = this.sweep()
        .then(
          () => undefined,
          (err) => this.log.warn({ err: (err as Error).message }, "webhook sweep failed"),
        )
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.everyMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Queues every overdue pending delivery again; returns how many. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await store.claimOverdue(this.db, LEASE_MS, BATCH);
      if (!rows.length) break;
      await this.lanes.add(
        "main",
        rows.map((r) => {
          const job = toJob(r);
          return { job, jobId: jobIdOf(job) };
        }),
      );
      total += rows.length;
      if (rows.length < BATCH) break;
    }
    if (total) this.log.info({ requeued: total }, "re-queued overdue webhook deliveries");
    return total;
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
