// Webhook metrics (the ones GET /metrics promises).
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { settledWithin } from "../../platform/deadline.ts";

export interface WebhookMetrics {
  deliveries: Counter<"event" | "result">;
  duration: Histogram<"event">;
}

/** How long a scrape waits for the queue's depth: /metrics must answer promptly while Redis is down. */
const DEPTH_WAIT_MS = 250;

export function webhookMetrics(registry: Registry, depth: () => Promise<number>): WebhookMetrics {
  // The depth is read from Redis, whose commands wait (queued by ioredis) while it is unreachable. A scrape
  // waits at most DEPTH_WAIT_MS and otherwise reports the last value read; at most one read is in flight, so
  // scrapes during an outage do not pile commands up.
  let last = 0;
  let reading: Promise<void> | undefined;
  new Gauge({
    name: "webhook_queue_depth",
    help: "Deliveries waiting, delayed or running in the queue (the last value read when the queue does not answer in time)",
    registers: [registry],
    async collect() {
      reading ??= depth()
        .then((n) => void (last = n))
        .catch(() => undefined)
        .finally(() => (reading = undefined));
      await settledWithin(DEPTH_WAIT_MS, [reading]);
      this.set(last);
    },
  });
  return {
    deliveries: new Counter({
      name: "webhook_deliveries_total",
      help: "Delivery attempts by event type and result",
      labelNames: ["event", "result"],
      registers: [registry],
    }),
    duration: new Histogram({
      name: "webhook_delivery_duration_seconds",
      help: "Time of one delivery attempt, request to answer",
      labelNames: ["event"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
