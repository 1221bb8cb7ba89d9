// The queue seam: BullMQ on Redis and on PostgreSQL (BullMQ's PostgreSQL backend, which embedded mode uses
// on its embedded PostgreSQL server: the same server software, so one PostgreSQL case covers both).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresQueues, redisQueues, type Queues } from "../../server/src/platform/queue.ts";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../helpers/resources.ts";

/** Waiting bound of every poll here: BullMQ's PostgreSQL backend picks delayed jobs up in its own time. */
const within = (message: string) => ({ timeout: 15_000, interval: 20, message });

let lease: TestRedis;
let pgDb: TestDatabase;
const opened: Queues[] = [];

beforeAll(async () => {
  [lease, pgDb] = await Promise.all([claimTestRedis(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.allSettled(opened.map((q) => q.close()));
  await pgDb?.drop();
  await lease?.release();
});

function track(q: Queues): Queues {
  opened.push(q);
  return q;
}

/** BullMQ's 'error' events, as the queues log them. */
const warnings: string[] = [];
const log = { warn: (obj: object, msg?: string) => void warnings.push(`${msg} ${JSON.stringify(obj)}`) } as never;

const backends: [string, () => Queues][] = [
  ["redisQueues", () => track(redisQueues(lease.url, log))],
  ["postgresQueues on PostgreSQL", () => track(postgresQueues({ connectionString: pgDb.url }, log))],
];

let seq = 0;
const qname = (s: string) => `${s}-${process.pid}-${++seq}`;

describe.each(backends)("%s", (_name, make) => {
  it("processes a job once", async () => {
    const queues = make();
    const name = qname("once");
    const q = await queues.queue<{ n: number }>(name);
    const seen: number[] = [];
    await queues.worker<{ n: number }>(name, async (job) => void seen.push(job.data.n), { concurrency: 4 });
    await q.add("work", { n: 7 });
    await expect.poll(() => seen.length, within("the job to run")).toBe(1);
    await expect.poll(() => q.depth(), within("the queue to drain")).toBe(0);
    // Barrier: a job added now is picked up after anything still queued, so a second run of 7 would come first.
    await q.add("work", { n: 8 });
    await expect.poll(() => seen.includes(8), within("the barrier job to run")).toBe(true);
    expect(seen).toEqual([7, 8]);
  });

  it("ignores a second job with the same jobId", async () => {
    const queues = make();
    const name = qname("dedupe");
    const q = await queues.queue<{ v: string }>(name);
    // Both adds land before a worker exists, so the first is certainly still known when the second comes.
    await q.add("work", { v: "first" }, { jobId: "delivery-1" });
    await q.add("work", { v: "second" }, { jobId: "delivery-1" });
    expect(await q.depth()).toBe(1);
    const seen: string[] = [];
    await queues.worker<{ v: string }>(name, async (job) => void seen.push(job.data.v), { concurrency: 2 });
    await expect.poll(() => seen.length, within("the job to run")).toBe(1);
    // Barrier: a job added after the two is picked up after anything they left in the queue.
    await q.add("work", { v: "barrier" }, { jobId: "delivery-2" });
    await expect.poll(() => seen.includes("barrier"), within("the barrier job to run")).toBe(true);
    expect(seen).toEqual(["first", "barrier"]);
  });

  it("retries a failing job on the custom backoff schedule, then gives up after `attempts`", async () => {
    const queues = make();
    const name = qname("retry");
    const q = await queues.queue<{ fail: number }>(name, { attempts: 3 });
    // Far apart, so the PostgreSQL backend's pick-up latency for delayed jobs (up to ~0.5 s here) cannot blur the order.
    const schedule = [200, 1500];
    const asked: number[] = [];
    const runs: number[] = [];
    await queues.worker<{ fail: number }>(
      name,
      async (job) => {
        runs.push(Date.now());
        if (runs.length <= job.data.fail) throw new Error(`planned failure ${runs.length}`);
      },
      {
        concurrency: 1,
        backoff: (attempt) => {
          asked.push(attempt);
          return schedule[attempt - 1] ?? 0;
        },
      },
    );
    await q.add("work", { fail: 2 });
    await expect.poll(() => runs.length, within("three runs")).toBe(3);
    expect(asked).toEqual([1, 2]);
    const gaps = [runs[1]! - runs[0]!, runs[2]! - runs[1]!];
    // At least the scheduled delay; a little under is tolerated for timer granularity.
    expect(gaps[0]).toBeGreaterThanOrEqual(schedule[0]! - 20);
    expect(gaps[1]).toBeGreaterThanOrEqual(schedule[1]! - 20);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    // The last run succeeded: the job leaves the queue (a worker marks it complete just after the run).
    await expect.poll(() => q.depth(), within("the queue to drain")).toBe(0);
  });

  it("stops after `attempts` runs of a job that always fails", async () => {
    const queues = make();
    const name = qname("exhaust");
    const q = await queues.queue<{ barrier?: boolean }>(name, { attempts: 2 });
    let runs = 0;
    let barrier = false;
    await queues.worker<{ barrier?: boolean }>(
      name,
      async (job) => {
        if (job.data.barrier) return void (barrier = true);
        runs++;
        throw new Error("always");
      },
      { concurrency: 1, backoff: () => 50 },
    );
    await q.add("work", {});
    await expect.poll(() => runs, within("two runs")).toBe(2);
    await expect.poll(() => q.depth(), within("the queue to drain")).toBe(0);
    // Barrier: a job due later than a third attempt would have been (backoff 50 ms) runs after it, one at a time.
    await q.add("work", { barrier: true }, { delay: 100 });
    await expect.poll(() => barrier, within("the barrier job to run")).toBe(true);
    expect(runs).toBe(2);
  });
});
