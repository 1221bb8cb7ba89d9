// Time as a dependency, so tests can move it.
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests set and advance. */
export class ManualClock implements Clock {
  constructor(private ms = Date.now()) {}
  now() {
    return this.ms;
  }
  advance(ms: number) {
    this.ms += ms;
  }
}
