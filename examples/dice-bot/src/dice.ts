// The dice themselves: pure, with the randomness passed in so a test can fix it.
import { randomInt } from "node:crypto";

export type RandomInt = (minInclusive: number, maxExclusive: number) => number;

export function rollDice(sides: number, count: number, random: RandomInt = randomInt): number[] {
  return Array.from({ length: count }, () => random(1, sides + 1));
}

/** `3d6: 2, 5, 6 (total 13)` */
export function describeRoll(sides: number, rolls: readonly number[]): string {
  const total = rolls.reduce((a, b) => a + b, 0);
  return `${rolls.length}d${sides}: ${rolls.join(", ")}${rolls.length > 1 ? ` (total ${total})` : ""}`;
}
