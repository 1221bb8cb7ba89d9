// The cache helper (platform/cache.ts): invalidation reaches every process through the pub/sub seam (two Redis
// connections: two processes in miniature), a load racing an invalidation does not store what it read, entries
// expire with the clock, and tagged entries go with their tag.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cache } from "../../server/src/platform/cache.ts";
import { ManualClock } from "../helpers/clock.ts";
import { RedisPubSub, type PubSub } from "../../server/src/platform/pubsub.ts";
import { createRedis, type Redis } from "../../server/src/platform/redis.ts";
import { claimTestRedis, type TestRedis } from "../helpers/resources.ts";

let lease: TestRedis;
const clients: Redis[] = [];
const buses: PubSub[] = [];

beforeAll(async () => {
  lease = await claimTestRedis();
});
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
  for (const c of clients) c.disconnect();
  await lease?.release();
});

function bus(): PubSub {
  const r = createRedis(lease.url);
  clients.push(r);
  const b = new RedisPubSub(r);
  buses.push(b);
  return b;
}

/** A load that waits until the test lets it finish. */
function gated<V>(value: V) {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { load: async () => (await opened, value), open };
}

describe("Cache", () => {
  it("drops a key in every process that holds it", async () => {
    const clock = new ManualClock();
    const [here, there] = [
      new Cache<string>({ name: "t1", max: 10, ttlMs: 60_000, clock, pubsub: bus() }),
      new Cache<string>({ name: "t1", max: 10, ttlMs: 60_000, clock, pubsub: bus() }),
    ];
    await Promise.all([here.start(), there.start()]);
    expect(await there.fetch("k", async () => "old")).toBe("old");
    expect(there.hit("k")).toEqual({ value: "old" });
    await here.invalidate("k");
    await expect.poll(() => there.hit("k"), { timeout: 5000 }).toBeUndefined();
    expect(await there.fetch("k", async () => "new")).toBe("new");
  });

  it("does not store what a load read when an invalidation came while it ran", async () => {
    const c = new Cache<string>({ name: "t2", max: 10, ttlMs: 60_000, clock: new ManualClock() });
    const slow = gated("stale");
    const loading = c.fetch("k", slow.load);
    await c.invalidate("k");
    slow.open();
    expect(await loading).toBe("stale");
    expect(c.hit("k")).toBeUndefined();
    // Without a race, a load is kept.
    await c.fetch("k", async () => "fresh");
    expect(c.hit("k")).toEqual({ value: "fresh" });
  });

  it("expires entries with the clock; keeps `undefined` unless told not to", async () => {
    const clock = new ManualClock();
    const absent = new Cache<string | undefined>({ name: "t3", max: 10, ttlMs: 1000, clock });
    await absent.fetch("k", async () => undefined);
    expect(absent.hit("k")).toEqual({ value: undefined });
    clock.advance(1001);
    expect(absent.hit("k")).toBeUndefined();
    const onlyFound = new Cache<string | undefined>({ name: "t4", max: 10, ttlMs: 1000, clock, keep: (v) => v !== undefined });
    await onlyFound.fetch("k", async () => undefined);
    expect(onlyFound.hit("k")).toBeUndefined();
  });

  it("drops entries by tag", async () => {
    const c = new Cache<{ owner: string }>({ name: "t5", max: 10, ttlMs: 60_000, clock: new ManualClock(), tagOf: (v) => v.owner });
    c.set("token-1", { owner: "bot-a" });
    c.set("token-2", { owner: "bot-b" });
    await c.invalidate("bot-a");
    expect(c.hit("token-1")).toBeUndefined();
    expect(c.hit("token-2")).toEqual({ value: { owner: "bot-b" } });
  });
});
