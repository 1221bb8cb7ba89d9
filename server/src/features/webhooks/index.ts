// Wires the webhook engine: dispatcher (producer), the two delivery lanes and their workers, the sweeper, and
// the management service.
import type { Platform } from "../../platform/index.ts";
import type { JobWorker } from "../../platform/queue.ts";
import { DelayedError, type Job } from "bullmq";
import { WebhookDispatcher } from "./dispatcher.ts";
import { CLUSTER_DELIVERY_QUEUES, DELIVERY_QUEUE, FORCED_QUEUE, Lanes, type DeliveryJob, type Lane } from "./jobs.ts";
import { OwnerShares } from "./owner-shares.ts";
import { webhookMetrics } from "./metrics.ts";
import { DeliveredBatcher } from "./results.ts";
import { WebhookSender } from "./sender.ts";
import { WebhookService } from "./service.ts";
import { Sweeper } from "./sweeper.ts";
import { WebhookTargets } from "./targets.ts";
import { DeliveryAttempts, type BotChanges, type SocketSender } from "./worker.ts";

export { WebhookDispatcher, type BotEvent, type PreparedDeliveries } from "./dispatcher.ts";
export { deliveryColumns, insertDeliveriesSql, type NewDelivery } from "./store.ts";
export type { SocketSender } from "./worker.ts";
export type { AttemptResult } from "./sender.ts";
export { TIMEOUT_MS as ATTEMPT_TIMEOUT_MS } from "./sender.ts";
export { type EventType } from "./events.ts";
export { webhookRoutes } from "./routes.ts";
export { forwardSpaceEvents, memberEventOutbox } from "./space-events.ts";

/**
 * Workers of the main lane. The CPU, not the worker count, bounds throughput well below this; the count is
 * headroom for receivers that take their time (each holds a worker up to 10 s). Measure with
 * bench/scenarios/webhooks.ts on a quiet machine before changing it.
 */
export const MAIN_CONCURRENCY = 64;
/**
 * How long the result of an invocation's first attempt made in this process waits for others to share its write
 * (results.ts). Its row falls due for the sweeper only after IN_PROCESS_DUE_MS (15 s).
 */
const INVOCATION_RESULT_LINGER_MS = 50;
/** Workers of the forced lane (ping, redeliver): a small share, whatever an owner asks for. */
const FORCED_CONCURRENCY = 4;
/**
 * Attempts of one owner's webhooks in flight in this process at once, across every lane: an eighth of its delivery
 * workers (owner-shares.ts).
 */
export const OWNER_SHARE = MAIN_CONCURRENCY / 8;

export interface WebhookEngine {
  dispatcher: WebhookDispatcher;
  service: WebhookService;
  sweeper: Sweeper;
  /** Stops the engine; attempts under way in this process get up to `withinMs` to finish and be recorded. */
  close(withinMs: number): Promise<void>;
}

/**
 * `runWorker` false for `--role api` processes: they queue deliveries, worker processes send them.
 * `audience`: the cached audience of channel events (installs/audience.ts), told of every webhook change.
 * `socket`: the bot gateway, which carries the attempts of socket webhooks.
 */
export async function startWebhooks(p: Platform, runWorker: boolean, audience?: BotChanges, socket?: SocketSender): Promise<WebhookEngine> {
  const opts = { keepFinished: false };
  const mainQueues = p.queues.spread ? CLUSTER_DELIVERY_QUEUES : [DELIVERY_QUEUE];
  const [forced, ...main] = await Promise.all([
    p.queues.queue<DeliveryJob>(FORCED_QUEUE, opts),
    ...mainQueues.map((name) => p.queues.queue<DeliveryJob>(name, opts)),
  ]);
  const lanes = new Lanes({ main, forced }, p.log);
  const targets = new WebhookTargets(p.db, p.config.dataKey, p.clock, p.pubsub);
  await targets.start();
  const dispatcher = new WebhookDispatcher(p.db, lanes, p.clock, p.config.dataKey, p.log);
  const metrics = webhookMetrics(p.metrics.registry, () => lanes.depth());
  const sender = new WebhookSender(p.config.webhookAllowPrivate);
  const sweeper = new Sweeper(p.db, lanes, p.log);
  const workers = runWorker ? await startWorkers(p, { lanes, targets, dispatcher, metrics, sender, sweeper }, audience, socket) : [];
  const service = new WebhookService({
    db: p.db,
    replica: p.replica,
    clock: p.clock,
    dataKey: p.config.dataKey,
    allowPrivate: p.config.webhookAllowPrivate,
    dispatcher,
    targets,
    limiters: p.limiters,
    audience,
    socket,
  });
  return {
    dispatcher,
    service,
    sweeper,
    async close(withinMs) {
      await sweeper.stop();
      await dispatcher.close(withinMs);
      await Promise.all(workers.map((w) => w.close()));
      await sender.close();
    },
  };
}

/** The parts of the engine that the delivery workers share with the rest of it. */
interface EngineParts {
  lanes: Lanes;
  targets: WebhookTargets;
  dispatcher: WebhookDispatcher;
  metrics: ReturnType<typeof webhookMetrics>;
  sender: WebhookSender;
  sweeper: Sweeper;
}

/** This process's delivery workers (main and forced lanes), its in-process first attempts and the sweeper. */
async function startWorkers(p: Platform, parts: EngineParts, audience?: BotChanges, socket?: SocketSender): Promise<JobWorker[]> {
  const { lanes, dispatcher } = parts;
  const shares = new OwnerShares(OWNER_SHARE);
  const attempts = new DeliveryAttempts({
    db: p.db,
    clock: p.clock,
    log: p.log,
    sender: parts.sender,
    dataKey: p.config.dataKey,
    metrics: parts.metrics,
    retryScale: p.config.webhookRetryScale,
    targets: parts.targets,
    delivered: new DeliveredBatcher(p.db),
    lingering: new DeliveredBatcher(p.db, INVOCATION_RESULT_LINGER_MS),
    lanes,
    audience,
    socket,
    shares,
  });
  // A queued attempt over its owner's share goes back to the queue, delayed: the job (and its id, which the
  // sweeper's re-queue dedupes against) stays, and no attempt is counted.
  const processor = (lane: Lane) => async (job: Job<DeliveryJob>, token?: string) => {
    const deferred = await attempts.run(job.data, lane);
    if (!deferred) return;
    await job.moveToDelayed(Date.now() + shares.deferMs(deferred.owner), token);
    throw new DelayedError();
  };
  // A live worker renews its jobs' locks; a dead one's jobs are taken up again within about twice this.
  const lockMs = 5_000;
  // Split (a Redis Cluster), the main lane's workers are shared out over its queues: this process's total stays about
  // MAIN_CONCURRENCY.
  const mainQueues = p.queues.spread ? CLUSTER_DELIVERY_QUEUES : [DELIVERY_QUEUE];
  const workers: JobWorker[] = [];
  for (const name of mainQueues)
    workers.push(
      await p.queues.worker<DeliveryJob>(name, processor("main"), { concurrency: Math.ceil(MAIN_CONCURRENCY / mainQueues.length), lockMs }),
    );
  workers.push(await p.queues.worker<DeliveryJob>(FORCED_QUEUE, processor("forced"), { concurrency: FORCED_CONCURRENCY, lockMs }));
  dispatcher.attemptInProcess(attempts, shares);
  parts.sweeper.start();
  return workers;
}
