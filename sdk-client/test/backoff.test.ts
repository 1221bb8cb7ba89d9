// Full-jitter backoff: uniform below an exponentially growing ceiling that stops at the cap.
import { expect, it } from "vitest";
import { backoffDelay } from "../src/index.ts";

it("grows the ceiling exponentially up to the cap, with the delay anywhere below it", () => {
  const top = (attempt: number) => backoffDelay(attempt, { baseMs: 100, maxMs: 5000, random: () => 0.999999 });
  expect([0, 1, 2, 3, 4, 5, 6, 20, 100].map(top)).toEqual([99, 199, 399, 799, 1599, 3199, 4999, 4999, 4999]);
  expect(backoffDelay(3, { baseMs: 100, random: () => 0 })).toBe(0);
  for (let i = 0; i < 200; i++) {
    const d = backoffDelay(4, { baseMs: 100, maxMs: 5000 });
    expect(d).toBeGreaterThanOrEqual(0);
    expect(d).toBeLessThan(1600);
  }
});
