// Failed logins and failed 2FA codes, counted per account and per client address (10 per 15 minutes each).
// Only failures count; once either counter is full the attempt is refused before any password is checked.
import { LimiterUnavailable, type Limiter, type LimiterFactory } from "../../platform/limiter.ts";
import { tooManyRequests } from "../../platform/errors.ts";

export const FAILURE_LIMIT = { points: 10, durationSeconds: 15 * 60 };

export class BruteForceGuard {
  constructor(
    private perAccount: Limiter,
    private perAddress: Limiter,
  ) {}

  static create(limiters: LimiterFactory): BruteForceGuard {
    return new BruteForceGuard(
      limiters.create({ name: "auth:fail:account", ...FAILURE_LIMIT }),
      limiters.create({ name: "auth:fail:ip", ...FAILURE_LIMIT }),
    );
  }

  /** Throws 429 when the account or the address has failed too often lately. `account` is null when unknown. */
  async check(account: string | null, ip: string): Promise<void> {
    await this.guarded(async () => {
      const outcomes = await Promise.all([this.perAddress.peek(ip), account ? this.perAccount.peek(account) : { ok: true as const }]);
      const wait = Math.max(0, ...outcomes.map((o) => (o.ok ? 0 : o.retryAfterSeconds)));
      if (wait > 0) throw tooManyRequests("too many failed attempts; try again later", wait);
    });
  }

  async failed(account: string | null, ip: string): Promise<void> {
    await this.guarded(() => Promise.all([this.perAddress.consume(ip), account ? this.perAccount.consume(account) : undefined]));
  }

  private async guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      // Fails closed, like every limit of the service (spec 8 rule 4).
      if (err instanceof LimiterUnavailable) throw tooManyRequests("rate limiter temporarily unavailable — retry shortly");
      throw err;
    }
  }
}
