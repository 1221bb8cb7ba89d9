// What other features use of rate limiting: the bot-API limits and their middleware.
import { Counter, type Registry } from "prom-client";
import type { LimiterFactory } from "../../platform/limiter.ts";
import type { Logger } from "../../platform/logger.ts";
import { RateLimits } from "./rate-limits.ts";

export { RateLimits, type PendingLimit } from "./rate-limits.ts";
export { botRateLimit } from "./middleware.ts";
export { UserLimit, USER_LIMITS } from "./user-limit.ts";
export { MESSAGE_SEND, OTHER_PATH } from "./rules.ts";

/** One RateLimits per server; its rejections are counted in `rate_limit_rejections_total{limit}`. */
export function createRateLimits(factory: LimiterFactory, registry: Registry, log: Logger): RateLimits {
  const rejections = new Counter({
    name: "rate_limit_rejections_total",
    help: "Requests refused by a rate limit of the bot API, by limit (`unavailable`: the limiter store did not answer)",
    labelNames: ["limit"],
    registers: [registry],
  });
  return new RateLimits(factory, rejections, log);
}
