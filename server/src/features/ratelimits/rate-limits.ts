// Enforces the limits of spec 8 on the limiter seam (Redis when configured, so counts are shared by every
// process) and turns an exceeded or unreachable limiter into the exact 429 of spec 8. Fails closed.
import type { Counter } from "prom-client";
import { tooManyRequests } from "../../platform/errors.ts";
import { LimiterUnavailable, type Limiter, type LimiterFactory } from "../../platform/limiter.ts";
import type { Logger } from "../../platform/logger.ts";
import { LIMITS, UNAVAILABLE_RETRY_AFTER, UNAVAILABLE_TEXT, limitText, type LimitName, type RetryPolicy, INVOKE, MESSAGE_SEND } from "./rules.ts";

export class RateLimits {
  private limiters: Record<LimitName, Limiter>;

  constructor(
    factory: LimiterFactory,
    private rejections: Counter<"limit">,
    private log: Logger,
  ) {
    this.limiters = {
      channelSends: factory.create(LIMITS.channelSends),
      spaceSends: factory.create(LIMITS.spaceSends),
      botCalls: factory.create(LIMITS.botCalls),
      invocations: factory.create(LIMITS.invocations),
    };
  }

  /** Counts one hit of `limit` for `key`; throws the 429 of spec 8 when it is used up or cannot be checked. */
  async hit(limit: LimitName, key: string, policy: RetryPolicy): Promise<void> {
    const spec = LIMITS[limit];
    let outcome;
    try {
      outcome = await this.limiters[limit].consume(key);
    } catch (err) {
      if (!(err instanceof LimiterUnavailable)) throw err;
      this.rejections.inc({ limit: "unavailable" });
      this.log.warn({ limit: spec.name, err: (err.cause as Error | undefined)?.message }, "rate limiter unavailable; refusing");
      throw tooManyRequests(UNAVAILABLE_TEXT, policy.onUnavailable ? UNAVAILABLE_RETRY_AFTER : undefined);
    }
    if (outcome.ok) return;
    this.rejections.inc({ limit: spec.name });
    throw tooManyRequests(limitText(spec, key), policy.onLimit ? spec.durationSeconds : undefined);
  }

  /** A bot message send: per channel (5/1 s), then per space (60/60 s). */
  async messageSend(botId: string, spaceId: string, channelId: string): Promise<void> {
    await this.hit("channelSends", `${botId}:${channelId}`, MESSAGE_SEND);
    await this.hit("spaceSends", `${botId}:${spaceId}`, MESSAGE_SEND);
  }

  /** Any bot-API request (1000/60 s per bot). */
  async botCall(botId: string, policy: RetryPolicy): Promise<void> {
    await this.hit("botCalls", botId, policy);
  }

  /** A command invocation (20/60 s per (user, bot); CONTRACT 8). */
  async invoke(userId: string, botId: string): Promise<void> {
    await this.hit("invocations", `${userId}:${botId}`, INVOKE);
  }
}
