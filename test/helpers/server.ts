// Starts a real server for a test file: PostgreSQL + Redis by default, or embedded (the embedded PostgreSQL on a
// copy of a migrated template DATA_DIR, in-process adapters).
import { Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../server/src/platform/config.ts";
import { createLogger } from "../../server/src/platform/logger.ts";
import type { Clock } from "../../server/src/platform/clock.ts";
import { startServer, type RunningServer, type ServerOverrides } from "../../server/src/server.ts";
import { claimTestRedis, createTestDatabase } from "./resources.ts";
import { embeddedDataDir, removeDataDir } from "./embedded.ts";

export interface TestServer extends RunningServer {
  /** Everything the server logged, as text (to check that nothing secret is logged). */
  logs(): string;
  /** Stops the server and gives back its database and Redis db. */
  stop(): Promise<void>;
  env: Record<string, string>;
}

export interface TestServerOptions {
  embedded?: boolean;
  /** Embedded mode: use this DATA_DIR (e.g. to restart on the same data) and leave it in place on stop. */
  dataDir?: string;
  env?: Record<string, string>;
  clock?: Clock;
  /** Gateway timers and limits (e.g. a short auth timeout). */
  realtime?: ServerOverrides["realtime"];
}

/** The access-token secret of every test server (a test that forges tokens signs with it). */
export const TEST_JWT_SECRET = "test-jwt-secret-that-is-long-enough-0000";

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const cleanups: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {
    PORT: "0",
    HOST: "127.0.0.1",
    NODE_ENV: "test", // with DATABASE_URL, a DATA_KEY per start is fine here (NODE_ENV=test)
    LOG_LEVEL: "debug",
    VALIDATE_RESPONSES: "true",
    JWT_SECRET: TEST_JWT_SECRET,
    BOT_TOKEN_SECRET: "test-bot-token-secret-long-enough-00000",
    WEBHOOK_ALLOW_PRIVATE: "true",
    // Every test registers its users from 127.0.0.1; the sign-up tests set the limit they check.
    SIGNUP_LIMIT_PER_HOUR: "1000000",
    // Argon2 at 1/100 of its memory (well under a millisecond): tests register and log in users by the thousand; the
    // tests of hashing itself (auth/hashing, auth/hash-floods) run at full cost.
    PASSWORD_HASH_SCALE: "0.01",
    ...opts.env,
  };
  if (opts.embedded && opts.dataDir) {
    env.DATA_DIR = opts.dataDir;
  } else if (opts.embedded) {
    const dir = await embeddedDataDir();
    env.DATA_DIR = dir;
    cleanups.push(async () => removeDataDir(dir));
  } else {
    const db = await createTestDatabase();
    const redis = await claimTestRedis();
    env.DATABASE_URL ??= db.url;
    env.REDIS_URL ??= redis.url;
    cleanups.push(
      () => db.drop(),
      () => redis.release(),
    );
  }
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  const server = await startServer(loadConfig(env, []), {
    log: createLogger(env.LOG_LEVEL!, sink),
    clock: opts.clock,
    realtime: opts.realtime,
  });
  return Object.assign(server, {
    env,
    logs: () => chunks.join(""),
    async stop() {
      await server.close(2000);
      for (const c of cleanups.reverse()) await c();
    },
  });
}

/**
 * One server for the whole test file: started before its first test, stopped (database and Redis db given back)
 * after its last. Returns the server through a getter, since it exists only once the hook has run.
 */
export function useTestServer(opts: TestServerOptions = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(opts);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("the test server starts in beforeAll: use it inside tests and hooks");
    return server;
  };
}
