// The PubSub seam: Redis across two separate connections (two processes in miniature) and in memory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryPubSub, RedisPubSub, type PubSub } from "../../server/src/platform/pubsub.ts";
import { createRedis, type Redis } from "../../server/src/platform/redis.ts";
import { claimTestRedis, type TestRedis } from "../helpers/resources.ts";

/** Resolves with the first `n` messages `listener` receives, or rejects after `ms`. */
function collect(n: number, ms = 2000) {
  const got: string[] = [];
  let done!: (v: string[]) => void;
  const all = new Promise<string[]>((resolve, reject) => {
    done = resolve;
    setTimeout(() => reject(new Error(`got ${got.length} of ${n} messages: ${JSON.stringify(got)}`)), ms).unref();
  });
  // Only the tests that expect messages await `all`; for the others its time-out is no failure (and must not
  // surface later, as an unhandled rejection in whatever file the worker runs next).
  all.catch(() => {});
  return {
    listener: (m: string) => {
      got.push(m);
      if (got.length === n) done(got);
    },
    all,
    got,
  };
}

let lease: TestRedis;
const clients: Redis[] = [];
const opened: PubSub[] = [];

beforeAll(async () => {
  lease = await claimTestRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((p) => p.close()));
  for (const c of clients) c.disconnect();
  await lease?.release();
});

function redisPair(): [PubSub, PubSub] {
  // Two clients, as two server processes would have; neither shares a connection with the other.
  const a = createRedis(lease.url);
  const b = createRedis(lease.url);
  clients.push(a, b);
  const pair: [PubSub, PubSub] = [new RedisPubSub(a), new RedisPubSub(b)];
  opened.push(...pair);
  return pair;
}

function memoryPair(): [PubSub, PubSub] {
  // In-process fan-out is one process by definition: both "sides" are the same emitter.
  const p = new MemoryPubSub();
  opened.push(p);
  return [p, p];
}

describe.each([
  ["RedisPubSub", redisPair],
  ["MemoryPubSub", memoryPair],
] as const)("%s", (_name, pair) => {
  it("delivers a message published on one side to a subscriber on the other, in order", async () => {
    const [pub, sub] = pair();
    const c = collect(3);
    await sub.subscribe("room", c.listener);
    for (const m of ["1", "2", "3"]) await pub.publish("room", m);
    expect(await c.all).toEqual(["1", "2", "3"]);
  });

  it("answers whether anyone heard a publish: none before a subscription and after its end, some during it", async () => {
    const [pub, sub] = pair();
    expect(await pub.publish("lonely", "x")).toBe(0);
    const c = collect(1);
    const off = await sub.subscribe("lonely", c.listener);
    expect(await pub.publish("lonely", "y")).toBeGreaterThan(0);
    expect(await c.all).toEqual(["y"]);
    await off();
    expect(await pub.publish("lonely", "z")).toBe(0);
  });

  it("delivers to every listener of a channel and to no other channel", async () => {
    const [pub, sub] = pair();
    const first = collect(1);
    const second = collect(1);
    const other = collect(1);
    await sub.subscribe("news", first.listener);
    await sub.subscribe("news", second.listener);
    await sub.subscribe("sport", other.listener);
    await pub.publish("news", "hello");
    // Barrier: a later message on "sport" reaches its listener after "hello" would have.
    await pub.publish("sport", "barrier");
    expect(await first.all).toEqual(["hello"]);
    expect(await second.all).toEqual(["hello"]);
    expect(await other.all).toEqual(["barrier"]);
  });

  it("stops delivering after unsubscribe, and keeps other listeners", async () => {
    const [pub, sub] = pair();
    const gone = collect(1);
    const kept = collect(2);
    const off = await sub.subscribe("ch", gone.listener);
    await sub.subscribe("ch", kept.listener);
    await pub.publish("ch", "a");
    await gone.all;
    await off();
    await pub.publish("ch", "b");
    expect(await kept.all).toEqual(["a", "b"]);
    expect(gone.got).toEqual(["a"]);
  });

  it("delivers nothing once the last listener of a channel is gone", async () => {
    const [pub, sub] = pair();
    const c = collect(1);
    const barrier = collect(1);
    const off = await sub.subscribe("quiet", c.listener);
    await sub.subscribe("still-heard", barrier.listener);
    await off();
    await pub.publish("quiet", "x");
    // Barrier: published after "x" on the same connection, so "x" would have been delivered first.
    await pub.publish("still-heard", "y");
    expect(await barrier.all).toEqual(["y"]);
    expect(c.got).toEqual([]);
  });

  it("a localFirst message reaches the publisher's own listeners once and the other side's once, as it was sent", async () => {
    const [a, b] = pair();
    const here = collect(2);
    const there = collect(2);
    await a.subscribe("reply", here.listener);
    await b.subscribe("reply", there.listener);
    await a.publish("reply", '{"type":"x","n":1}', { localFirst: true });
    // Barrier: a plain message published after it on the same connection reaches both sides after it would have.
    await a.publish("reply", "after");
    expect(await here.all).toEqual(['{"type":"x","n":1}', "after"]);
    expect(await there.all).toEqual(['{"type":"x","n":1}', "after"]);
    expect(here.got).toHaveLength(2);
  });
});
