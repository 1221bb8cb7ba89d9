// The operations probes: liveness, readiness and the Prometheus metrics (open, as the contract says).
import type { Registry } from "prom-client";
import type { ApiRouter, ApiRoutes } from "./api-routes.ts";

export interface ProbeDeps {
  /** The dependencies that do not answer now. */
  failing: () => Promise<string[]>;
  /** True from the shutdown signal on. */
  stopping: () => boolean;
  registry: Registry;
}

export function probeRoutes(api: ApiRoutes, { failing, stopping, registry }: ProbeDeps): ApiRouter<""> {
  return api
    .router("")
    .get("/healthz", (_req, res) => void res.json({ status: "ok" }))
    .get("/readyz", async (_req, res) => {
      // From the shutdown signal on, a load balancer must stop routing here (SHUTDOWN_DELAY_MS gives it time).
      // Nothing failing while closing: the process is not ready because it is stopping.
      const down = stopping() ? [] : await failing();
      if (stopping() || down.length) res.status(503).json({ status: "unavailable", failing: down });
      else res.json({ status: "ok" });
    })
    .get("/metrics", async (_req, res) => {
      res.type(registry.contentType).send(await registry.metrics());
    });
}
