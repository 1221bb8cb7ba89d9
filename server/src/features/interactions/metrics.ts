// Invocation metrics: outcomes by class and the invoke latency. Labels never carry values.
import { Counter, Histogram, type Registry } from "prom-client";

export interface InteractionMetrics {
  invocations: Counter<"result">;
  invokeDuration: Histogram<"result">;
  responses: Counter<"result">;
}

export function interactionMetrics(registry: Registry): InteractionMetrics {
  return {
    invocations: new Counter({
      name: "command_invocations_total",
      help: "Command invocations by outcome",
      labelNames: ["result"],
      registers: [registry],
    }),
    invokeDuration: new Histogram({
      name: "command_invoke_duration_seconds",
      help: "Time to handle one invocation, request to answer, by outcome",
      labelNames: ["result"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    responses: new Counter({
      name: "interaction_responses_total",
      help: "Bot replies to invocations by outcome",
      labelNames: ["result"],
      registers: [registry],
    }),
  };
}
