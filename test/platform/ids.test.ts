import { describe, expect, it } from "vitest";
import { isUuid, newId } from "../../server/src/platform/ids.ts";

describe("newId", () => {
  it("makes unique UUIDv7s that sort in the order they were made, across pool refills and within one millisecond", () => {
    const ids = Array.from({ length: 5_000 }, () => newId()); // ~20 refills of the random pool, many per millisecond
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 50)) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe("7"); // version
      expect("89ab").toContain(id[19]); // RFC 9562 variant
    }
    // The time prefix is now: the first 48 bits are the Unix time in milliseconds.
    const ms = parseInt(ids.at(-1)!.replace(/-/g, "").slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(5_000);
  });
});
