// Background jobs: BullMQ in every mode — on Redis when REDIS_URL or REDIS_CLUSTER_NODES is set, otherwise on the service's own
// PostgreSQL (BullMQ's PostgreSQL backend, embedded mode's PostgreSQL included). Same Queue/Worker API.
import { Queue, Worker, withBackend, createPostgresBackend, type Processor, type WorkerOptions } from "bullmq";
import type { PgConnection } from "./db.ts";
import { createRedis, type Redis, type RedisTarget } from "./redis.ts";
import type { RedisOptions } from "ioredis";
import type { Logger } from "./logger.ts";
import { answerWithin, settledWithin } from "./deadline.ts";

interface AddOpts {
  jobId?: string;
  delay?: number;
}

export interface JobQueue<T> {
  /**
   * A second add with the `jobId` of a job still known to the queue is ignored. While the queue's store is
   * unreachable an add waits for it, but at most PRODUCER_WAIT_MS, then rejects.
   */
  add(name: string, data: T, opts?: AddOpts): Promise<void>;
  /** Many jobs in one round trip. */
  addBulk(jobs: { name: string; data: T; opts?: AddOpts }[]): Promise<void>;
  /** Jobs waiting, delayed or running. */
  depth(): Promise<number>;
  close(): Promise<void>;
}

export interface JobWorker {
  close(): Promise<void>;
}

interface QueueOptions {
  /** Runs per job, the first included (default 1: no retry). Retries wait as the worker's `backoff` says. */
  attempts?: number;
  /**
   * Keep finished jobs for inspection (default true: the last 1,000 completed, 5,000 failed). False when the
   * jobs' outcome is recorded elsewhere: a finished job's id is then free again at once.
   */
  keepFinished?: boolean;
}

interface WorkerOpts {
  concurrency: number;
  /** Delay in ms before retry number `attempt` (1-based); without it, retries run at once. */
  backoff?: (attempt: number) => number;
  /**
   * How long a job may run without its worker renewing the lock (renewed every half of it while alive).
   * A crashed worker's jobs are taken up again within about twice this.
   */
  lockMs?: number;
}

export interface Queues {
  readonly backend: "redis" | "postgres";
  /** Queues of different names may live on different servers (a Redis Cluster): splitting a busy queue spreads it. */
  readonly spread: boolean;
  // BullMQ counts attempts per job, set when the job is added, so the retry count belongs to the
  // producer's queue while the schedule (a function) belongs to the worker.
  queue<T>(name: string, opts?: QueueOptions): Promise<JobQueue<T>>;
  worker<T>(name: string, process: Processor<T>, opts: WorkerOpts): Promise<JobWorker>;
  close(): Promise<void>;
}

type AnyQueue = {
  add: Queue["add"];
  addBulk: Queue["addBulk"];
  getJobCounts: Queue["getJobCounts"];
  close(): Promise<void>;
  waitUntilReady(): Promise<unknown>;
};

/** How long a producer waits for an unreachable queue store before giving up on an add. */
const PRODUCER_WAIT_MS = 3_000;

const bounded = <T>(p: Promise<T>, what: string): Promise<T> =>
  answerWithin(p, PRODUCER_WAIT_MS, `${what}: queue store did not answer within ${PRODUCER_WAIT_MS} ms`);

function wrap<T>(q: AnyQueue, queueOpts: QueueOptions = {}): JobQueue<T> {
  const attempts = Math.max(1, queueOpts.attempts ?? 1);
  // "custom" hands the delay to the worker's backoffStrategy; one schedule for every job of the queue.
  const retry = attempts > 1 ? { attempts, backoff: { type: "custom" } } : {};
  const keep = queueOpts.keepFinished ?? true;
  const base = { removeOnComplete: keep ? 1000 : true, removeOnFail: keep ? 5000 : true, ...retry };
  return {
    async add(name, data, opts) {
      await bounded(q.add(name, data, { jobId: opts?.jobId, delay: opts?.delay, ...base }), "add");
    },
    async addBulk(jobs) {
      if (!jobs.length) return;
      await bounded(
        q.addBulk(jobs.map((j) => ({ name: j.name, data: j.data, opts: { jobId: j.opts?.jobId, delay: j.opts?.delay, ...base } }))),
        "addBulk",
      );
    },
    async depth() {
      const c = await q.getJobCounts("waiting", "delayed", "active", "prioritized");
      return Object.values(c).reduce((a, b) => a + b, 0);
    },
    close: () => q.close(),
  };
}

function workerOptions(opts: WorkerOpts) {
  const backoff = opts.backoff ?? (() => 0);
  return {
    concurrency: opts.concurrency,
    settings: { backoffStrategy: (attemptsMade: number) => backoff(attemptsMade) },
    ...(opts.lockMs ? { lockDuration: opts.lockMs, stalledInterval: opts.lockMs } : {}),
  } satisfies Partial<WorkerOptions>;
}

/** How long close() waits for workers to finish their jobs and connections to say goodbye. */
const CLOSE_WITHIN_MS = 5000;

/** Settles when every closer has (true), or after `ms` (false): a close must never hang a shutdown. */
const closeWithin = (ms: number, closers: (() => Promise<unknown>)[]): Promise<boolean> =>
  settledWithin(
    ms,
    closers.map((c) => c()),
  );

type BullWorker = { close(): Promise<void>; disconnect(): Promise<void> };

/**
 * A worker whose close() lets running jobs finish but never outlasts the bound: past it (Redis or the
 * database gone), its connections are dropped. Registered with the queues' own close() as well.
 */
function boundedWorker(w: BullWorker, closers: (() => Promise<unknown>)[], reachable: () => boolean = () => true): JobWorker {
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // A worker cut off from its store could not record its jobs' outcome anyway: no point waiting.
      if (!reachable()) return void (await closeWithin(1000, [() => w.disconnect()]));
      if (!(await closeWithin(CLOSE_WITHIN_MS, [() => w.close()]))) await closeWithin(1000, [() => w.disconnect()]);
    })());
  closers.push(close);
  return { close };
}

/** What the queues log: BullMQ's 'error' events (connection trouble), which would otherwise be printed or lost. */
type QueueLog = Pick<Logger, "warn">;

const logErrors = (log: QueueLog, role: string, name: string) => (err: Error) =>
  log.warn({ err: err.message, queue: name, role }, "queue connection error");

/**
 * BullMQ's key prefix for a queue. A queue's scripts touch many of its keys at once, so on a Redis Cluster they must
 * share a hash tag; one tag per queue puts different queues on different masters. One server keeps BullMQ's default.
 */
const queuePrefix = (target: RedisTarget, name: string): { prefix?: string } => ("cluster" in target ? { prefix: `{bull:${name}}` } : {});

export function redisQueues(target: string | RedisTarget, log: QueueLog): Queues {
  if (typeof target === "string") target = { url: target };
  const where = target;
  const closers: (() => Promise<unknown>)[] = [];
  const clients: Redis[] = [];
  const client = (opts: RedisOptions) => {
    const c = createRedis(where, opts);
    clients.push(c);
    return c;
  };
  return {
    backend: "redis",
    spread: "cluster" in where,
    async queue<T>(name: string, opts?: QueueOptions) {
      // While Redis reconnects, adds wait in ioredis's offline queue (bounded by PRODUCER_WAIT_MS in wrap)
      // instead of failing at once: a blip of a second loses no enqueue.
      const conn = client({ maxRetriesPerRequest: null });
      const q = new Queue(name, { connection: conn, ...queuePrefix(where, name) });
      // BullMQ re-emits connection errors on the queue; ioredis reconnects.
      q.on("error", logErrors(log, "producer", name));
      closers.push(() => (conn.status === "ready" ? q.close() : q.disconnect()));
      await q.waitUntilReady();
      return wrap<T>(q, opts);
    },
    async worker<T>(name: string, process: Processor<T>, opts: WorkerOpts) {
      const conn = client({ maxRetriesPerRequest: null });
      const w = new Worker<T>(name, process, { connection: conn, ...queuePrefix(where, name), ...workerOptions(opts) });
      // Connection blips are retried by ioredis; job failures are the processor's to record.
      w.on("error", logErrors(log, "worker", name));
      return boundedWorker(w, closers, () => conn.status === "ready");
    },
    async close() {
      // BullMQ's close() waits for Redis to answer; with Redis gone it never would, so cut the sockets after the bound.
      await closeWithin(CLOSE_WITHIN_MS, closers);
      for (const c of clients) c.disconnect();
    },
  };
}

export function postgresQueues(connection: PgConnection, log: QueueLog): Queues {
  const pgb = withBackend(createPostgresBackend);
  const conn = { ...connection, max: 5, migrate: true };
  const closers: (() => Promise<unknown>)[] = [];
  return {
    backend: "postgres",
    spread: false,
    async queue<T>(name: string, opts?: QueueOptions) {
      const q = new pgb.Queue<T>(name, { connection: conn });
      q.on("error", logErrors(log, "producer", name));
      closers.push(() => q.close());
      await q.waitUntilReady();
      return wrap<T>(q, opts);
    },
    async worker<T>(name: string, process: Processor<T>, opts: WorkerOpts) {
      const w = new pgb.Worker<T>(name, process as never, { connection: conn, ...workerOptions(opts) });
      w.on("error", logErrors(log, "worker", name));
      return boundedWorker(w, closers);
    },
    async close() {
      await closeWithin(CLOSE_WITHIN_MS, closers);
    },
  };
}
