// The Kv seam behaves the same on Redis and in memory: one suite, run against both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryKv, RedisKv, type Kv } from "../../server/src/platform/kv.ts";
import { createRedis, type Redis } from "../../server/src/platform/redis.ts";
import { systemClock } from "../../server/src/platform/clock.ts";
import { claimTestRedis, type TestRedis } from "../helpers/resources.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let lease: TestRedis;
let redis: Redis;
const memory = new MemoryKv(systemClock);

beforeAll(async () => {
  lease = await claimTestRedis();
  redis = createRedis(lease.url);
});
afterAll(async () => {
  memory.close();
  redis?.disconnect();
  await lease?.release();
});

// Real time on both sides: the Redis TTL cannot be driven by a test clock, so expiries are short.
const backends: [string, () => Kv][] = [
  ["RedisKv", () => new RedisKv(redis, `kv-test-${Math.random().toString(36).slice(2)}:`)],
  ["MemoryKv", () => memory],
];

describe.each(backends)("%s", (_name, make) => {
  it("gets what was set, null for a missing key", async () => {
    const kv = make();
    await kv.set("a", "1");
    expect(await kv.get("a")).toBe("1");
    expect(await kv.get("missing")).toBeNull();
    await kv.set("a", "2");
    expect(await kv.get("a")).toBe("2");
  });

  it("forgets a key once its TTL has passed", async () => {
    const kv = make();
    await kv.set("short", "x", 150);
    await kv.set("long", "y", 60_000);
    expect(await kv.get("short")).toBe("x");
    await sleep(300);
    expect(await kv.get("short")).toBeNull();
    expect(await kv.get("long")).toBe("y");
  });

  it("incr counts from 1 and keeps the TTL set at creation", async () => {
    const kv = make();
    // The TTL leaves a loaded machine 400 ms for the third incr to land inside it; the check after can only be late,
    // which at worst lets a wrong expiry pass, never fails a right one.
    expect(await kv.incr("n", 600)).toBe(1);
    expect(await kv.incr("n", 600)).toBe(2);
    await sleep(200);
    // A later incr must not push the expiry out, or a window counter would never reset.
    expect(await kv.incr("n", 600)).toBe(3);
    await sleep(450);
    expect(await kv.get("n")).toBeNull();
    expect(await kv.incr("n", 600)).toBe(1);
  });

  it("mget answers in key order with nulls for missing keys", async () => {
    const kv = make();
    await kv.set("m1", "one");
    await kv.set("m3", "three");
    expect(await kv.mget(["m1", "m2", "m3"])).toEqual(["one", null, "three"]);
    expect(await kv.mget([])).toEqual([]);
  });

  it("del removes one or many keys and ignores missing ones", async () => {
    const kv = make();
    await kv.set("d1", "1");
    await kv.set("d2", "2");
    await kv.set("d3", "3");
    await kv.del("d1");
    await kv.del("d2", "d3", "nope");
    await kv.del();
    expect(await kv.mget(["d1", "d2", "d3"])).toEqual([null, null, null]);
  });

  it("answers ping", async () => {
    await expect(make().ping()).resolves.toBeUndefined();
  });
});
