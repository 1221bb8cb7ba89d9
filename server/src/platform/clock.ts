// Time as a dependency, so tests can move it (test/helpers/clock.ts).
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
