// Time the tests move: the server takes a Clock (server/src/platform/clock.ts) and production passes systemClock.
import type { Clock } from "../../server/src/platform/clock.ts";

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
