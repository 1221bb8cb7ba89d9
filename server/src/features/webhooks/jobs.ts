// Delivery jobs and the two lanes they run in. A job is one attempt and carries everything the attempt needs
// of its delivery (the sealed body included), so a worker never reads the delivery row. Forced attempts (ping,
// redeliver) and their retries run in a lane of their own with few workers, so a slow or hanging receiver an
// owner keeps poking can hold at most that lane, never the workers other bots' deliveries need (docs/webhooks.md#fairness).
import type { Logger } from "../../platform/logger.ts";
import type { JobQueue } from "../../platform/queue.ts";

export const DELIVERY_QUEUE = "webhook-deliveries";
export const FORCED_QUEUE = "webhook-forced";

/**
 * The main lane's queues on a Redis Cluster, each on the master of its own hash tag: one queue's BullMQ scripts run
 * on one master, so a single queue would bound delivery throughput by one Redis core whatever the cluster's size.
 * Their tags' slots (2187, 12878, 8939) lie in different thirds of the slot space, so on the layout
 * `redis-cli --cluster create` gives three masters, each master holds one. One queue on one Redis or PostgreSQL.
 */
export const CLUSTER_DELIVERY_QUEUES = [DELIVERY_QUEUE, `${DELIVERY_QUEUE}-1`, `${DELIVERY_QUEUE}-4`];

/**
 * The main-lane queue of a webhook's deliveries: the same for every delivery and retry of it, on every process (from
 * the random tail of its UUID), so one webhook's jobs never spread over several queues.
 */
export const shardOf = (webhookId: string, shards: number): number => (shards === 1 ? 0 : parseInt(webhookId.slice(-8), 16) % shards);

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
    /** `main`: the main lane's queues, one or more (CLUSTER_DELIVERY_QUEUES), a webhook's jobs on `shardOf` it. */
    private queues: { main: JobQueue<DeliveryJob>[]; forced: JobQueue<DeliveryJob> },
    private log: Logger,
  ) {}

  /**
   * Queues jobs, each main-lane job on its webhook's queue; never throws. A failure (Redis away past the producer's
   * bounded wait) is logged with the delivery ids: the rows stay pending and the sweeper queues them again once they
   * are overdue.
   */
  async add(lane: Lane, jobs: { job: DeliveryJob; jobId: string; delay?: number }[]): Promise<boolean> {
    if (!jobs.length) return true;
    const { main, forced } = this.queues;
    const byQueue = new Map<JobQueue<DeliveryJob>, typeof jobs>();
    for (const j of jobs) {
      const q = lane === "forced" ? forced : main[shardOf(j.job.webhookId, main.length)]!;
      const group = byQueue.get(q);
      if (group) group.push(j);
      else byQueue.set(q, [j]);
    }
    const added = await Promise.all([...byQueue].map(([q, js]) => this.addTo(q, lane, js)));
    return added.every(Boolean);
  }

  private async addTo(queue: JobQueue<DeliveryJob>, lane: Lane, jobs: { job: DeliveryJob; jobId: string; delay?: number }[]) {
    try {
      await queue.addBulk(jobs.map((j) => ({ name: "deliver", data: j.job, opts: { jobId: j.jobId, delay: j.delay } })));
      return true;
    } catch (err) {
      this.log.warn(
        { err: (err as Error).message, lane, deliveryIds: jobs.map((j) => j.job.id) },
        "webhook enqueue failed; the sweeper will queue these again",
      );
      return false;
    }
  }

  async depth(): Promise<number> {
    const depths = await Promise.all([...this.queues.main, this.queues.forced].map((q) => q.depth()));
    return depths.reduce((a, b) => a + b, 0);
  }
}
