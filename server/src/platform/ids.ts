// Server-created ids are UUIDv7: a newer row always has a larger id.
import { getRandomValues } from "node:crypto";
import { v7 } from "uuid";

// uuid's own v7() asks the system for 16 random bytes on every call (a system call per id, and a webhook
// fan-out makes thousands of ids); one call fills 256 ids' worth. The monotonic state is kept here because uuid
// keeps its own only when it draws the bytes itself: same rule, a new random sequence each millisecond and
// +1 within one, so ids made by this process still sort in the order they were made.
const POOL = new Uint8Array(16 * 256);
let used = POOL.length;
let msecs = -Infinity;
let seq = 0;

const randomBytes16 = (): Uint8Array => {
  if (used === POOL.length) {
    getRandomValues(POOL);
    used = 0;
  }
  return POOL.subarray(used, (used += 16));
};

export const newId = (): string => {
  const random = randomBytes16();
  const now = Date.now();
  if (now > msecs) {
    msecs = now;
    seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else if ((seq = (seq + 1) | 0) === 0) {
    msecs++;
  }
  return v7({ random, msecs, seq });
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID in its plain hyphenated form, in either case (no braces, no `urn:uuid:`). */
export const isUuid = (s: unknown): s is string => typeof s === "string" && UUID.test(s);

/** `v` as the lowercase plain UUID the service stores, or undefined when it is not one. */
export const canonicalUuid = (v: unknown): string | undefined => (isUuid(v) ? v.toLowerCase() : undefined);
