// Wrong passwords and 2FA codes, limited per account and per client address (CONTRACT 2).
// Every attempt is counted before its check, with one atomic increment per counter, and handed back when it
// turns out right: a parallel burst therefore gets no more wrong answers than a sequential run (reading the
// counters first and counting afterwards let every request of a burst through the same read).
import { LimiterUnavailable, type Limiter, type LimiterFactory, type LimitOutcome } from "../../platform/limiter.ts";
import { limiterUnavailable, tooManyRequests } from "../../platform/errors.ts";

const ACCOUNT_LIMIT = { points: 10, durationSeconds: 15 * 60 };
export const ADDRESS_LIMIT = { points: 100, durationSeconds: 15 * 60 };
const LOCKED = "too many failed attempts; try again later";

export class BruteForceGuard {
  constructor(
    private perAccount: Limiter,
    private perAddress: Limiter,
  ) {}

  static create(limiters: LimiterFactory): BruteForceGuard {
    return new BruteForceGuard(
      limiters.create({ name: "auth:fail:account", ...ACCOUNT_LIMIT }),
      limiters.create({ name: "auth:fail:ip", ...ADDRESS_LIMIT }),
    );
  }

  /**
   * Runs `check` (a password or code check) as one counted attempt of `account` from `ip`; answers its result.
   * An account that is used up is refused before the check (even a right answer: the window must pass).
   * An address that is used up is not refused before the check: a right answer from it still passes, so one
   * account's attacker behind a shared address (an office, a NAT) cannot lock the others out; only its wrong
   * answers get 429 instead of the caller's own error. `account` for an unknown login is a stand-in key.
   */
  async attempt(account: string, ip: string, check: () => Promise<boolean>): Promise<boolean> {
    const [byAccount, byAddress] = await this.guarded(() => Promise.all([this.perAccount.consume(account), this.perAddress.consume(ip)]));
    if (!byAccount.ok) throw locked(byAccount);
    if (await check()) {
      await this.refund(account, ip);
      return true;
    }
    if (!byAddress.ok) throw locked(byAddress);
    return false;
  }

  // A right answer is not a failure. The refund is best effort: if the store is down now, the attempt stays
  // counted, which errs on the safe side.
  private async refund(account: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.reward(account), this.perAddress.reward(ip)]).catch(() => undefined);
  }

  private async guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      // Fails closed, like every limit of the service (spec 8 rule 4).
      if (err instanceof LimiterUnavailable) throw limiterUnavailable();
      throw err;
    }
  }
}

const locked = (o: LimitOutcome) => tooManyRequests(LOCKED, o.ok ? undefined : o.retryAfterSeconds);
