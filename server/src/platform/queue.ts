// Background jobs: BullMQ in every mode — on Redis when REDIS_URL is set, otherwise on the service's own
// PostgreSQL (BullMQ's PostgreSQL backend, which also runs on the embedded PGlite). Same Queue/Worker API.
import { Queue, Worker, withBackend, createPostgresBackend, type Processor, type WorkerOptions, type QueueOptions } from "bullmq";
import type { PgConnection } from "./db.ts";
import { createRedis } from "./redis.ts";

export interface JobQueue<T> {
  add(name: string, data: T, opts?: { jobId?: string; delay?: number }): Promise<void>;
  /** Jobs waiting, delayed or running. */
  depth(): Promise<number>;
  close(): Promise<void>;
}

export interface JobWorker {
  close(): Promise<void>;
}

export interface Queues {
  readonly backend: "redis" | "postgres";
  queue<T>(name: string): Promise<JobQueue<T>>;
  /** `backoff` returns the delay in ms before retry number `attempt` (1-based). */
  worker<T>(
    name: string,
    process: Processor<T>,
    opts: { concurrency: number; attempts?: number; backoff?: (attempt: number) => number },
  ): Promise<JobWorker>;
  close(): Promise<void>;
}

type AnyQueue = { add: Queue["add"]; getJobCounts: Queue["getJobCounts"]; close(): Promise<void>; waitUntilReady(): Promise<unknown> };

function wrap<T>(q: AnyQueue): JobQueue<T> {
  return {
    async add(name, data, opts) {
      await q.add(name, data, { jobId: opts?.jobId, delay: opts?.delay, removeOnComplete: 1000, removeOnFail: 5000 });
    },
    async depth() {
      const c = await q.getJobCounts("waiting", "delayed", "active", "prioritized");
      return Object.values(c).reduce((a, b) => a + b, 0);
    },
    close: () => q.close(),
  };
}

function workerOptions(opts: { concurrency: number; backoff?: (attempt: number) => number }) {
  return {
    concurrency: opts.concurrency,
    settings: opts.backoff ? { backoffStrategy: (attempts: number) => opts.backoff!(attempts) } : undefined,
  } satisfies Partial<WorkerOptions>;
}

export function redisQueues(url: string): Queues {
  const closers: (() => Promise<unknown>)[] = [];
  return {
    backend: "redis",
    async queue<T>(name: string) {
      // Producers fail fast rather than hang a request when Redis is away.
      const q = new Queue(name, { connection: createRedis(url, { enableOfflineQueue: false }) } as QueueOptions);
      closers.push(() => q.close());
      await q.waitUntilReady();
      return wrap<T>(q as unknown as AnyQueue);
    },
    async worker<T>(name: string, process: Processor<T>, opts: { concurrency: number; backoff?: (attempt: number) => number }) {
      const w = new Worker<T>(name, process, {
        connection: createRedis(url, { maxRetriesPerRequest: null }),
        ...workerOptions(opts),
      });
      w.on("error", () => {}); // connection blips are retried by ioredis; job failures are the processor's to record
      closers.push(() => w.close());
      return w;
    },
    async close() {
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
}

export function postgresQueues(connection: PgConnection): Queues {
  const pgb = withBackend(createPostgresBackend);
  const conn = { ...connection, max: 5, migrate: true };
  const closers: (() => Promise<unknown>)[] = [];
  return {
    backend: "postgres",
    async queue<T>(name: string) {
      const q = new pgb.Queue<T>(name, { connection: conn });
      closers.push(() => q.close());
      await q.waitUntilReady();
      return wrap<T>(q as unknown as AnyQueue);
    },
    async worker<T>(name: string, process: Processor<T>, opts: { concurrency: number; backoff?: (attempt: number) => number }) {
      const w = new pgb.Worker<T>(name, process as never, { connection: conn, ...workerOptions(opts) });
      w.on("error", () => {});
      closers.push(() => w.close());
      return w;
    },
    async close() {
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
}
