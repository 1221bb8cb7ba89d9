// Delivery fairness between owners (README, "Abuse limits"): the webhooks of one owner (the account that owns the bots)
// have at most `perOwner` attempts in flight in this process at once, whichever lane they come from (first attempts
// made here, queued attempts and retries, forced attempts). An attempt over its owner's share is not made: it is
// deferred (parked here, or put back in the queue with a delay) and counts as no attempt. So receivers that take
// their time hold their owner's share and nothing more; other owners' deliveries find the rest free.
//
// A share is held from the moment the attempt may start until its receiver has answered (or the attempt failed),
// not while its result is written: a quick receiver gives its place back as soon as it has answered.

/** Bounds of the delay a queued attempt over its owner's share is put back with. */
const DEFER_MIN_MS = 100;
const DEFER_MAX_MS = 5_000;
/** Weight of the last hold in an owner's average hold time. */
const HOLD_WEIGHT = 0.2;

interface Owner {
  held: number;
  /** How long this owner's attempts have held a share, on average (ms), since it last had none in flight. */
  avgHoldMs: number;
}

/** A share taken for one attempt; `release` gives it back once (later calls do nothing). */
export interface Share {
  release(): void;
}

export class OwnerShares {
  private owners = new Map<string, Owner>();
  private listener: (owner: string) => void = () => {};

  constructor(readonly perOwner: number) {}

  /** A share of `owner`'s, or undefined when its attempts already hold all of them. */
  take(owner: string): Share | undefined {
    let o = this.owners.get(owner);
    if (o && o.held >= this.perOwner) return undefined;
    if (!o) this.owners.set(owner, (o = { held: 0, avgHoldMs: DEFER_MIN_MS }));
    o.held++;
    const since = performance.now();
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        o.held--;
        o.avgHoldMs += (performance.now() - since - o.avgHoldMs) * HOLD_WEIGHT;
        // Only owners with attempts in flight are kept: deferMs is asked about an owner whose share is full.
        if (!o.held) this.owners.delete(owner);
        this.listener(owner);
      },
    };
  }

  /** Whether `owner` has a share free now. */
  free(owner: string): boolean {
    return (this.owners.get(owner)?.held ?? 0) < this.perOwner;
  }

  /** Told of every share given back (an attempt of that owner's parked here may start). One listener. */
  onRelease(fn: (owner: string) => void): void {
    this.listener = fn;
  }

  /**
   * How long a queued attempt over `owner`'s share waits before it is tried again: about as long as the owner's
   * attempts hold their share, jittered so that a backlog comes back spread out rather than all at once.
   */
  deferMs(owner: string): number {
    const hold = this.owners.get(owner)?.avgHoldMs ?? DEFER_MIN_MS;
    const ms = Math.min(DEFER_MAX_MS, Math.max(DEFER_MIN_MS, hold)) * (0.5 + Math.random());
    return Math.round(ms);
  }
}
