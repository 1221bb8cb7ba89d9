// Waiting with a bound, in the two shapes the platform needs: a stop that gives work a while and then moves on,
// and a call that must fail rather than wait for a store that does not answer.

/** Resolves once every promise has settled, or after `ms`, whichever comes first; never rejects. */
export async function settledWithin(ms: number, promises: Promise<unknown>[]): Promise<void> {
  if (!promises.length) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms).unref()));
  await Promise.race([Promise.allSettled(promises), bound]);
  clearTimeout(timer);
}

/** `p`'s outcome, or a rejection with `message` once `ms` have passed without it. */
export function answerWithin<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
