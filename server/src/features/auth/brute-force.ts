// Wrong passwords and 2FA codes, limited per account and per client address (docs/limits.md#failed-logins).
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
   * An account or an address that is used up is refused before the check (even a right answer: the window must
   * pass), so a flood costs no hashing once over its limit. `exempt` (a login from a trusted device of the
   * account) is refused by neither, so whoever knows a username cannot lock its owner out of their own devices;
   * its wrong answers still count. A check that throws (no hashing slot free) decided nothing: its attempt is
   * handed back. `account` for an unknown login is a stand-in key.
   */
  async attempt(account: string, ip: string, check: () => Promise<boolean>, exempt = false): Promise<boolean> {
    const [byAccount, byAddress] = await this.guarded(() => Promise.all([this.perAccount.consume(account), this.perAddress.consume(ip)]));
    if (!exempt && !byAccount.ok) throw locked(byAccount);
    if (!exempt && !byAddress.ok) throw locked(byAddress);
    let ok: boolean;
    try {
      ok = await check();
    } catch (err) {
      await this.refund(account, ip);
      throw err;
    }
    if (ok) await this.refund(account, ip);
    return ok;
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
      // Fails closed, like every limit of the service (docs/limits.md#fail-closed).
      if (err instanceof LimiterUnavailable) throw limiterUnavailable();
      throw err;
    }
  }
}

const locked = (o: LimitOutcome) => tooManyRequests(LOCKED, o.ok ? undefined : o.retryAfterSeconds);
