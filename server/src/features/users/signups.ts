// Sign-ups per client address (docs/limits.md#sign-ups): both register endpoints share one count, taken before any
// other work (no hashing, insert or mail), whatever the answer turns out to be, so a refused or conflicting
// sign-up costs its sender as much as a successful one. Counted on the limiter seam: shared through Redis when
// configured, and failing closed when the store does not answer.
import { forbidden, limiterUnavailable, tooManyRequests } from "../../platform/errors.ts";
import { LimiterUnavailable, type Limiter, type LimiterFactory } from "../../platform/limiter.ts";

const SIGNUPS_CLOSED = "sign-ups are closed";
const TOO_MANY_SIGNUPS = "too many sign-ups from this address; try again later";

export class SignupLimit {
  private limiter: Limiter | undefined;

  /** `perHour` 0 closes sign-ups. */
  constructor(limiters: LimiterFactory, perHour: number) {
    this.limiter = perHour > 0 ? limiters.create({ name: "signup:ip", points: perHour, durationSeconds: 3600 }) : undefined;
  }

  /** Counts one sign-up from `ip`; throws the 403 or 429 that refuses it. */
  async admit(ip: string): Promise<void> {
    if (!this.limiter) throw forbidden(SIGNUPS_CLOSED);
    let outcome;
    try {
      outcome = await this.limiter.consume(ip);
    } catch (err) {
      if (err instanceof LimiterUnavailable) throw limiterUnavailable();
      throw err;
    }
    if (!outcome.ok) throw tooManyRequests(TOO_MANY_SIGNUPS, outcome.retryAfterSeconds);
  }
}
