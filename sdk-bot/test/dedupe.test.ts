// De-duplication on X-Service-Delivery: the in-memory LRU with its TTL and size bound, and the Redis store
// against a real Redis (its own test db number), including two stores racing for one delivery.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { claimTestRedis, type TestRedis } from "../../test/helpers/resources.ts";
import { Deduplicator, MemoryDeliveryStore, RedisDeliveryStore } from "../src/index.ts";

describe("MemoryDeliveryStore", () => {
  it("handles an id once within the TTL and again after it", async () => {
    let now = 1_000;
    const d = new Deduplicator(new MemoryDeliveryStore({ now: () => now }), 60_000);
    expect(await d.first("a")).toBe(true);
    expect(await d.first("a")).toBe(false);
    expect(await d.first("b")).toBe(true);
    now += 59_999;
    expect(await d.first("a")).toBe(false);
    now += 1;
    expect(await d.first("a")).toBe(true);
  });

  it("keeps at most maxEntries, dropping the least recently seen", async () => {
    const store = new MemoryDeliveryStore({ maxEntries: 2 });
    await store.claim("a", 60_000);
    await store.claim("b", 60_000);
    expect(await store.claim("a", 60_000)).toBe(false); // a is now the most recent
    await store.claim("c", 60_000); // evicts b
    expect(store.size).toBe(2);
    expect(await store.claim("a", 60_000)).toBe(false);
    expect(await store.claim("b", 60_000)).toBe(true);
  });
});

describe("RedisDeliveryStore", () => {
  let res: TestRedis;
  let a: Redis;
  let b: Redis;
  beforeAll(async () => {
    res = await claimTestRedis();
    a = new Redis(res.url);
    b = new Redis(res.url);
  });
  afterAll(async () => {
    a.disconnect();
    b.disconnect();
    await res.release();
  });

  it("claims atomically across clients: of 20 concurrent claims exactly one wins", async () => {
    const stores = [new RedisDeliveryStore(a), new RedisDeliveryStore(b)];
    const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => (stores[i % 2] as RedisDeliveryStore).claim("d-1", 60_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await a.pttl("parley:webhook-delivery:d-1")).toBeGreaterThan(59_000);
  });

  it("forgets an id after its TTL", async () => {
    const d = new Deduplicator(new RedisDeliveryStore(a, "t:"), 150);
    expect(await d.first("d-2")).toBe(true);
    expect(await d.first("d-2")).toBe(false);
    await new Promise((r) => setTimeout(r, 250));
    expect(await d.first("d-2")).toBe(true);
  });
});
