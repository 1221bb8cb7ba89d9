// Delivery jobs and the two lanes they run in. A job is one attempt and carries everything the attempt needs
// of its delivery (the sealed body included), so a worker never reads the delivery row. Forced attempts (ping,
// redeliver) and their retries run in a lane of their own with few workers, so a slow or hanging receiver an
// owner keeps poking can hold at most that lane, never the workers other bots' deliveries need (docs/webhooks.md#fairness).
import type { Logger } from "../../platform/logger.ts";
import type { JobQueue } from "../../platform/queue.ts";

export const DELIVERY_QUEUE = "webhook-deliveries";
export const FORCED_QUEUE = "webhook-forced";

export type Lane = "main" | "forced";

export interface DeliveryJob {
  id: string;
  webhookId: string;
  type: string;
  /** Sealed body (body.ts): the exact bytes of every attempt, never in clear in the queue. */
  body: string;
  /** Position in the retry schedule: 0 for a first (or forced) attempt. */
  n: number;
  /** Asked for by the owner (ping, redeliver): attempted even while the webhook is suspended. Retries are not. */
  force?: boolean;
}

/**
 * Job ids: `<delivery>.<n>` for scheduled attempts, so a job re-queued by the sweeper while the first is still
 * waiting is not doubled; forced ones get a fresh suffix (every ask is a new attempt).
 */
export const jobIdOf = (job: DeliveryJob, unique?: string) => (unique ? `${job.id}.f${unique}` : `${job.id}.${job.n}`);

export class Lanes {
  constructor(
    private queues: Record<Lane, JobQueue<DeliveryJob>>,
    private log: Logger,
  ) {}

  /**
   * Queues jobs; never throws. A failure (Redis away past the producer's bounded wait) is logged with the
   * delivery ids: the rows stay pending and the sweeper queues them again once they are overdue.
   */
  async add(lane: Lane, jobs: { job: DeliveryJob; jobId: string; delay?: number }[]): Promise<boolean> {
    if (!jobs.length) return true;
    try {
      await this.queues[lane].addBulk(jobs.map((j) => ({ name: "deliver", data: j.job, opts: { jobId: j.jobId, delay: j.delay } })));
      return true;
    } catch (err) {
      this.log.warn(
        { err: (err as Error).message, lane, deliveryIds: jobs.map((j) => j.job.id) },
        "webhook enqueue failed; the sweeper will queue these again",
      );
      return false;
    }
  }

  depth(): Promise<number> {
    return Promise.all([this.queues.main.depth(), this.queues.forced.depth()]).then(([a, b]) => a + b);
  }
}
