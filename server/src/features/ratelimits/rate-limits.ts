// Enforces the bot-API limits (docs/limits.md) on the limiter seam (Redis when configured, so counts are shared by every
// process) and turns an exceeded or unreachable limiter into its exact 429. Fails closed.
import type { Counter } from "prom-client";
import { limiterUnavailable, tooManyRequests } from "../../platform/errors.ts";
import { LimiterUnavailable, type Limiter, type LimiterFactory } from "../../platform/limiter.ts";
import type { Logger } from "../../platform/logger.ts";
import { LIMITS, UNAVAILABLE_RETRY_AFTER, limitText, type LimitName, type RetryPolicy, INVOKE, MESSAGE_SEND } from "./rules.ts";

/** A hit counted now and answered later (see RateLimits.countInvoke). */
export interface PendingLimit {
  /** Throws the 429 of the limit when the count went over, or could not be made. */
  answer(): Promise<void>;
  /** Whether the count stayed within the limit, answering nothing and counting no refusal (answer still decides). */
  allowed(): Promise<boolean>;
  /** Takes the count back: the request was refused by a check that comes before the limit. */
  cancel(): Promise<void>;
}

const nameOf = (limiters: Record<LimitName, Limiter>, limiter: Limiter): LimitName =>
  (Object.keys(limiters) as LimitName[]).find((n) => limiters[n] === limiter)!;

export class RateLimits {
  private limiters: Record<LimitName, Limiter>;

  constructor(
    private factory: LimiterFactory,
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

  /** Counts one hit of `limit` for `key`; throws the 429 when it is used up or cannot be checked. */
  async hit(limit: LimitName, key: string, policy: RetryPolicy): Promise<void> {
    const outcome = await this.count(limit, key);
    if (outcome !== "ok") this.refuse(limit, key, outcome, policy);
  }

  /**
   * A bot message send, with the overall bot limit it owes as a /api/bot call (the middleware leaves that one to
   * this method): bot-wide (1000/60 s), per channel (5/1 s) and per space (60/60 s), counted in one Redis round
   * trip (the send path is latency-bound). As on every other bot path, a call refused by the
   * bot-wide limit counts nothing else; otherwise both send limits are counted, and when both refuse, the channel
   * limit is the one reported. A send refused by the channel limit still counts for the space: the space allows 1
   * per second on average, the channel 5, so a bot that meets the channel limit meets the space limit within
   * seconds either way.
   */
  async messageSend(botId: string, spaceId: string, channelId: string): Promise<void> {
    const l = this.limiters;
    let refused;
    try {
      refused = await this.factory.consumeAll([
        [{ limiter: l.botCalls, key: botId }],
        [
          { limiter: l.channelSends, key: `${botId}:${channelId}` },
          { limiter: l.spaceSends, key: `${botId}:${spaceId}` },
        ],
      ]);
    } catch (err) {
      if (!(err instanceof LimiterUnavailable)) throw err;
      this.log.warn({ limit: "msg", err: (err.cause as Error | undefined)?.message }, "rate limiter unavailable; refusing");
      this.refuse("channelSends", "", "unavailable", MESSAGE_SEND);
    }
    if (refused) this.refuse(nameOf(l, refused.limiter), refused.key, "over", MESSAGE_SEND);
  }

  private async count(limit: LimitName, key: string): Promise<"ok" | "over" | "unavailable"> {
    try {
      return (await this.limiters[limit].consume(key)).ok ? "ok" : "over";
    } catch (err) {
      if (!(err instanceof LimiterUnavailable)) throw err;
      this.log.warn({ limit: LIMITS[limit].name, err: (err.cause as Error | undefined)?.message }, "rate limiter unavailable; refusing");
      return "unavailable";
    }
  }

  /** Counts the refusal once (rate_limit_rejections_total) and throws its 429. */
  private refuse(limit: LimitName, key: string, why: "over" | "unavailable", policy: RetryPolicy): never {
    const spec = LIMITS[limit];
    if (why === "unavailable") {
      this.rejections.inc({ limit: "unavailable" });
      throw limiterUnavailable(policy.onUnavailable ? UNAVAILABLE_RETRY_AFTER : undefined);
    }
    this.rejections.inc({ limit: spec.name });
    throw tooManyRequests(limitText(spec, key), policy.onLimit ? spec.durationSeconds : undefined);
  }

  /** Any bot-API request (1000/60 s per bot). */
  async botCall(botId: string, policy: RetryPolicy): Promise<void> {
    await this.hit("botCalls", botId, policy);
  }

  /**
   * A command invocation (20/60 s per (user, bot)), counted at once, while the invocation's own checks read the database (one round trip
   * fewer on the way to the 202), and answered after them, in the documented order. An invocation another check
   * refuses takes its count back before it is answered, so a refused invocation costs no try. (While
   * both are in flight, a refused invocation holds its count for that one round trip: a concurrent invocation at
   * the very edge of the limit may be refused, never one too many allowed.)
   */
  countInvoke(userId: string, botId: string): PendingLimit {
    const key = `${userId}:${botId}`;
    const outcome = this.count("invocations", key);
    outcome.catch(() => {}); // awaited by answer or cancel
    return {
      answer: async () => {
        const why = await outcome;
        if (why !== "ok") this.refuse("invocations", key, why, INVOKE);
      },
      allowed: async () => (await outcome) === "ok",
      cancel: async () => {
        if ((await outcome.catch(() => "unavailable")) === "unavailable") return; // nothing was counted
        await this.limiters.invocations
          .reward(key)
          .catch((err) => this.log.warn({ err: (err as Error).message }, "rate limiter: could not take an invocation's count back"));
      },
    };
  }
}
