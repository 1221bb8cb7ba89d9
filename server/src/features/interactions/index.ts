// Wires the invocation chain from the platform and the features it builds on.
import type { Platform } from "../../platform/index.ts";
import type { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import type { WebhookDispatcher } from "../webhooks/index.ts";
import type { InstallResolver } from "../installs/index.ts";
import type { PendingLimit } from "../ratelimits/index.ts";
import { interactionMetrics } from "./metrics.ts";
import { InteractionsService } from "./service.ts";
import { InteractionTokens } from "./token.ts";

export { commandInvocationRoutes, respondRoutes } from "./routes.ts";
export { InteractionsService } from "./service.ts";

export interface InteractionWiring {
  dispatcher: WebhookDispatcher;
  realtime: RealtimePublisher;
  installs: InstallResolver;
  countInvoke: (userId: string, botId: string) => PendingLimit;
  respondLimit: (botId: string) => Promise<void>;
}

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
