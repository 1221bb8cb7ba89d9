// Wires the webhook engine: dispatcher (producer), worker (consumer), management service.
import type { Platform } from "../../platform/index.ts";
import type { JobWorker } from "../../platform/queue.ts";
import { WebhookDispatcher, type DeliveryJob } from "./dispatcher.ts";
import { webhookMetrics } from "./metrics.ts";
import { WebhookSender } from "./sender.ts";
import { WebhookService } from "./service.ts";
import { ATTEMPTS, deliveryProcessor, retryDelay } from "./worker.ts";

export const DELIVERY_QUEUE = "webhook-deliveries";

export interface WebhookEngine {
  dispatcher: WebhookDispatcher;
  service: WebhookService;
  close(): Promise<void>;
}

/** `runWorker` false for `--role api` processes: they queue deliveries, worker processes send them. */
export async function startWebhooks(p: Platform, runWorker: boolean): Promise<WebhookEngine> {
  const queue = await p.queues.queue<DeliveryJob>(DELIVERY_QUEUE, { attempts: ATTEMPTS });
  const dispatcher = new WebhookDispatcher(p.db, queue, p.clock);
  const metrics = webhookMetrics(p.metrics.registry, () => queue.depth());
  const sender = new WebhookSender(p.config.webhookAllowPrivate);
  let worker: JobWorker | undefined;
  if (runWorker) {
    worker = await p.queues.worker<DeliveryJob>(
      DELIVERY_QUEUE,
      deliveryProcessor({ db: p.db, clock: p.clock, log: p.log, sender, dataKey: p.config.dataKey, metrics, retryScale: p.config.webhookRetryScale }),
      { concurrency: 50, backoff: retryDelay(p.config.webhookRetryScale), lockMs: 5_000 },
    );
    const recovered = await dispatcher.recover();
    if (recovered) p.log.info({ recovered }, "re-queued pending webhook deliveries");
  }
  const service = new WebhookService({ db: p.db, clock: p.clock, dataKey: p.config.dataKey, allowPrivate: p.config.webhookAllowPrivate, dispatcher });
  return {
    dispatcher,
    service,
    async close() {
      await worker?.close();
      await sender.close();
    },
  };
}
