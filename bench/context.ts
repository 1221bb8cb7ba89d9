// What a scenario gets to work with: servers on fresh resources, bots, and a load generator. Everything
// started through the context is stopped by the runner after the scenario, whatever happens.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { loadConfig } from "../server/src/platform/config.ts";
import { createLogger } from "../server/src/platform/logger.ts";
import { startServer, type RunningServer } from "../server/src/server.ts";
import { claimTestRedis, createTestDatabase } from "../test/helpers/resources.ts";
import { insertBot } from "../test/helpers/fixtures.ts";

export interface LoadOptions {
  url: string;
  method?: "GET" | "PUT" | "POST" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: unknown;
  /** Seconds of measured load (default 5, or BENCH_DURATION). */
  duration?: number;
  connections?: number;
  /** A 1 s warm-up load first (default true): JIT, pools, caches. */
  warmup?: boolean;
}

/** One row of the results table. */
export interface BenchResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx answers, errors and timeouts: a bench that measures failures is not measuring the service. */
  failures: number;
  /** requests/s of each round, when the row is a median of alternating rounds. */
  rounds?: number[];
}

export interface BenchContext {
  /** A real server on a fresh PostgreSQL database and Redis db (LOG_LEVEL=warn, no response validation). */
  startServer(env?: Record<string, string>): Promise<RunningServer>;
  /** A bot with a token, written straight to the server's database. */
  createBot(server: RunningServer): Promise<{ id: string; token: string }>;
  /** Runs load against `url` after a short warm-up and returns the measured row, named `name`. */
  load(name: string, opts: LoadOptions): Promise<BenchResult>;
  /** Registers a cleanup run after the scenario. */
  defer(fn: () => Promise<void>): void;
}

export interface Scenario {
  name: string;
  description: string;
  /** Left out of a run of every scenario (a long one): runs only when named. */
  onlyWhenNamed?: boolean;
  run(ctx: BenchContext): Promise<BenchResult[]>;
}

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface LoadFigures {
  average: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const run = promisify(execFile);

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** One row from the rounds of a case: median rate and latencies, each round's rate kept. */
export function medianRow(rs: BenchResult[]): BenchResult {
  return {
    name: rs[0]!.name,
    requestsPerSecond: median(rs.map((r) => r.requestsPerSecond)),
    p50Ms: median(rs.map((r) => r.p50Ms)),
    p99Ms: median(rs.map((r) => r.p99Ms)),
    requests: rs.reduce((n, r) => n + r.requests, 0),
    failures: rs.reduce((n, r) => n + r.failures, 0),
    rounds: rs.map((r) => Math.round(r.requestsPerSecond)),
  };
}

/** autocannon in a child process: the server under test keeps this process's event loop to itself. */
async function runLoad(opts: object): Promise<LoadFigures> {
  const { stdout } = await run(process.execPath, [join(import.meta.dirname, "load-child.mjs"), JSON.stringify(opts)], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as LoadFigures;
}

export function createContext(): { ctx: BenchContext; cleanup: () => Promise<void> } {
  const cleanups: (() => Promise<void>)[] = [];
  const ctx: BenchContext = {
    async startServer(extra = {}) {
      const [db, redis] = await Promise.all([createTestDatabase(), claimTestRedis()]);
      cleanups.push(
        () => db.drop(),
        () => redis.release(),
      );
      const env = {
        PORT: "0",
        HOST: "127.0.0.1",
        NODE_ENV: "test", // throw-away secrets per start
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        LOG_LEVEL: "warn",
        // The bench measures the service, not its rate limits (the knob exists for this; refused in production).
        RATE_LIMIT_MULTIPLIER: "1000000",
        ...extra,
      };
      const server = await startServer(loadConfig(env, []), { log: createLogger(env.LOG_LEVEL) });
      cleanups.push(() => server.close(2000));
      return server;
    },
    createBot: (server) => insertBot(server.platform.db),
    async load(name, opts) {
      const base = {
        url: opts.url,
        method: opts.method ?? "GET",
        headers: { ...(opts.body === undefined ? {} : { "content-type": "application/json" }), ...opts.headers },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        connections: opts.connections ?? CONNECTIONS,
      };
      if (opts.warmup !== false) await runLoad({ ...base, duration: 1 }); // warm-up: JIT, pools, caches
      const r = await runLoad({ ...base, duration: opts.duration ?? DURATION });
      return {
        name,
        requestsPerSecond: r.average,
        p50Ms: r.p50,
        p99Ms: r.p99,
        requests: r.total,
        failures: r.non2xx + r.errors + r.timeouts,
      };
    },
    defer: (fn) => void cleanups.push(fn),
  };
  return {
    ctx,
    async cleanup() {
      // Servers first (they were pushed after their resources), then databases and Redis dbs.
      for (const c of cleanups.reverse()) await c().catch((err: Error) => console.error(`cleanup: ${err.message}`));
      cleanups.length = 0;
    },
  };
}
