// One limit of the user API (docs/limits.md): KeyPackage claims and uploads, join/leave loops, voice-join
// loops. Counted on the limiter seam (Redis when configured, so every process shares the count) before the work
// it guards, atomically, so parallel callers get no more than sequential ones. The 429 text has the form of
// the bot API's (`kp:claim:<user_id> > 60/60s`), with `Retry-After` = the seconds until a point frees up, or the whole
// window for the limits whose texts fix it (`retryAfterWindow`).
// It fails closed like the bot API's limits: a limiter store that does not answer refuses the request.
import { limiterUnavailable, tooManyRequests } from "../../platform/errors.ts";
import { LimiterUnavailable, type Limiter, type LimiterFactory, type LimitSpec } from "../../platform/limiter.ts";
import type { Logger } from "../../platform/logger.ts";
import { UNAVAILABLE_RETRY_AFTER, limitText } from "./rules.ts";

export class UserLimit {
  private limiter: Limiter;

  constructor(
    factory: LimiterFactory,
    readonly spec: LimitSpec,
    private log?: Logger,
    private opts: { retryAfterWindow?: boolean } = {},
  ) {
    this.limiter = factory.create(spec);
  }

  /** Counts one hit for `key`; throws the 429 when the limit is used up or cannot be checked. */
  async hit(key: string): Promise<void> {
    let outcome;
    try {
      outcome = await this.limiter.consume(key);
    } catch (err) {
      if (!(err instanceof LimiterUnavailable)) throw err;
      this.log?.warn({ limit: this.spec.name, err: (err.cause as Error | undefined)?.message }, "rate limiter unavailable; refusing");
      throw limiterUnavailable(UNAVAILABLE_RETRY_AFTER);
    }
    if (!outcome.ok)
      throw tooManyRequests(limitText(this.spec, key), this.opts.retryAfterWindow ? this.spec.durationSeconds : outcome.retryAfterSeconds);
  }

  /**
   * Counts one hit for `key` and answers whether it was within the limit, for budgets whose caller has a
   * cheaper answer to give instead of a 429 (a KeyPackage claim past its budget gets the last-resort package).
   * A store that does not answer counts as over: the cheaper answer is the safe one.
   */
  async within(key: string): Promise<boolean> {
    try {
      return (await this.limiter.consume(key)).ok;
    } catch (err) {
      if (!(err instanceof LimiterUnavailable)) throw err;
      this.log?.warn(
        { limit: this.spec.name, err: (err.cause as Error | undefined)?.message },
        "rate limiter unavailable; budget treated as spent",
      );
      return false;
    }
  }
}

/** The user-API limits and their defaults (documented in docs/limits.md). */
export const USER_LIMITS = {
  /** KeyPackage claim requests per claimer (user). */
  keyPackageClaims: { name: "kp:claim", points: 60, durationSeconds: 60 },
  /** One-time KeyPackages of one target user handed to one claimer; past it the target's last-resort package. */
  keyPackagesPerPair: { name: "kp:pair", points: 10, durationSeconds: 3600 },
  /** One-time KeyPackages of one target user handed out to anyone; past it the last-resort package. */
  keyPackagesPerTarget: { name: "kp:target", points: 100, durationSeconds: 3600 },
  /** KeyPackage uploads per device session. */
  keyPackageUploads: { name: "kp:upload", points: 30, durationSeconds: 3600 },
  /** Joins and leaves of one space by one user (each writes a service message and wakes every bot). */
  membershipChanges: { name: "member", points: 10, durationSeconds: 3600 },
  /** Voice joins of one user in one space (each wakes the bots that see the channel). */
  voiceJoins: { name: "voice", points: 10, durationSeconds: 60 },
  /** User chat messages per (user, channel): each one goes to every connected member. */
  chatMessages: { name: "msg:user", points: 10, durationSeconds: 10 },
  /** E2E commits per (user, channel), a refused (stale) one too: each goes to every device of the channel's members. */
  e2eCommits: { name: "e2e:commit", points: 30, durationSeconds: 60 },
} as const satisfies Record<string, LimitSpec>;
