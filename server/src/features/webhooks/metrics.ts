// Webhook metrics (CONTRACT 11).
import { Counter, Gauge, Histogram, type Registry } from "prom-client";

export interface WebhookMetrics {
  deliveries: Counter<"event" | "result">;
  duration: Histogram<"event">;
}

export function webhookMetrics(registry: Registry, depth: () => Promise<number>): WebhookMetrics {
  new Gauge({
    name: "webhook_queue_depth",
    help: "Deliveries waiting, delayed or running in the queue",
    registers: [registry],
    async collect() {
      this.set(await depth().catch(() => 0));
    },
  });
  return {
    deliveries: new Counter({ name: "webhook_deliveries_total", help: "Delivery attempts by event type and result", labelNames: ["event", "result"], registers: [registry] }),
    duration: new Histogram({
      name: "webhook_delivery_duration_seconds",
      help: "Time of one delivery attempt, request to answer",
      labelNames: ["event"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
