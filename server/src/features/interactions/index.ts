// Wires the invocation chain from the platform and the features it builds on.
import type { Platform } from "../../platform/index.ts";
import { interactionMetrics } from "./metrics.ts";
import { InteractionsService, type InteractionDeps } from "./service.ts";
import { InteractionTokens } from "./token.ts";

export { commandInvocationRoutes, respondRoutes } from "./routes.ts";
export { InteractionsService } from "./service.ts";

/** What the composition root hands the chain from other features (the rest comes from the platform). */
export type InteractionWiring = Pick<InteractionDeps, "dispatcher" | "realtime" | "installs" | "countInvoke" | "respondLimit">;

export function createInteractions(p: Platform, deps: InteractionWiring): InteractionsService {
  return new InteractionsService({
    db: p.db,
    clock: p.clock,
    log: p.log,
    tokens: new InteractionTokens(p.config.botTokenSecret, () => p.clock.now()),
    metrics: interactionMetrics(p.metrics.registry),
    ...deps,
  });
}
