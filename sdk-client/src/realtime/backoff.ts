// Exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And Jitter"): the delay is
// uniform in [0, min(cap, base · 2^attempt)], which spreads a crowd of reconnecting clients evenly.
/** The reconnect delays: exponential from `baseMs` up to `maxMs`, with full jitter. */
export interface BackoffOptions {
  /** First ceiling, ms (default 500). */
  baseMs?: number;
  /** Largest ceiling, ms (default 30 000). */
  maxMs?: number;
  /** Source of randomness in [0, 1) (tests pass their own). */
  random?: () => number;
}

/** The wait before reconnect attempt `attempt` (0-based): a random delay up to the exponential bound. */
export function backoffDelay(attempt: number, o: BackoffOptions = {}): number {
  const base = o.baseMs ?? 500;
  const cap = o.maxMs ?? 30_000;
  const ceiling = Math.min(cap, base * 2 ** Math.min(attempt, 30));
  return Math.floor((o.random ?? Math.random)() * ceiling);
}
