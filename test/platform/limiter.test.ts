// The limiter seam on Redis and in memory, and its fail-closed behaviour when Redis is gone.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LimiterUnavailable, memoryLimiters, redisLimiters, type LimiterFactory } from "../../server/src/platform/limiter.ts";
import { createRedis, whenReady, type Redis } from "../../server/src/platform/redis.ts";
import { claimTestRedis, type TestRedis } from "../helpers/resources.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loopback port nothing listens on (bound once to learn a free number, then released). */
async function deadPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

let lease: TestRedis;
const clients: Redis[] = [];

beforeAll(async () => {
  lease = await claimTestRedis();
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await lease?.release();
});

// The options the platform uses for its limiter client: no offline queue, so failures surface at once.
let limiterClient: Redis;
beforeAll(async () => {
  limiterClient = createRedis(lease.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  clients.push(limiterClient);
  await whenReady(limiterClient);
});
const onRedis = (multiplier = 1): LimiterFactory => redisLimiters(limiterClient, multiplier);

let seq = 0;
const uniq = (s: string) => `${s}-${process.pid}-${++seq}`;

describe.each([
  ["redisLimiters", onRedis],
  ["memoryLimiters", memoryLimiters],
] as const)("%s", (_name, factory) => {
  it("allows N hits in a window and refuses the N+1th with retryAfterSeconds", async () => {
    const limit = factory().create({ name: uniq("burst"), points: 3, durationSeconds: 60 });
    for (let i = 0; i < 3; i++) expect(await limit.consume("user-1")).toEqual({ ok: true });
    const refused = await limit.consume("user-1");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Keys count separately.
    expect(await limit.consume("user-2")).toEqual({ ok: true });
  });

  it("counts limits with different names separately", async () => {
    const f = factory();
    const a = f.create({ name: uniq("a"), points: 1, durationSeconds: 60 });
    const b = f.create({ name: uniq("b"), points: 1, durationSeconds: 60 });
    expect(await a.consume("k")).toEqual({ ok: true });
    expect(await b.consume("k")).toEqual({ ok: true });
    expect((await a.consume("k")).ok).toBe(false);
  });

  it("opens again once the window has passed", async () => {
    const limit = factory().create({ name: uniq("window"), points: 1, durationSeconds: 1 });
    expect(await limit.consume("k")).toEqual({ ok: true });
    const refused = await limit.consume("k");
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 1 });
    await sleep(1100);
    expect(await limit.consume("k")).toEqual({ ok: true });
  });

  it("multiplies every count by RATE_LIMIT_MULTIPLIER", async () => {
    const limit = factory(3).create({ name: uniq("mult"), points: 2, durationSeconds: 60 });
    for (let i = 0; i < 6; i++) expect(await limit.consume("k")).toEqual({ ok: true });
    expect((await limit.consume("k")).ok).toBe(false);
  });
});

describe("redisLimiters without Redis", () => {
  it("fails closed: consume throws LimiterUnavailable instead of letting the request through", async () => {
    const dead = createRedis(`redis://127.0.0.1:${await deadPort()}`, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    dead.on("error", () => {}); // the refused connection is the point of the test
    clients.push(dead);
    const limit = redisLimiters(dead).create({ name: uniq("dead"), points: 100, durationSeconds: 60 });
    const started = Date.now();
    await expect(limit.consume("k")).rejects.toBeInstanceOf(LimiterUnavailable);
    // It must not wait for a reconnect: a request is refused quickly rather than hanging.
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
