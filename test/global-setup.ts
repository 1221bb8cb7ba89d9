// Once per test run: make sure the tests have a PostgreSQL server and a Redis server, and tell the test workers
// where (TEST_PG_URL, TEST_REDIS_URL, read by helpers/resources.ts).
// - PostgreSQL: TEST_PG_URL, else 127.0.0.1:5432 if it answers, else one embedded PostgreSQL for the whole run
//   (a copy of the embedded template; each test file still creates its own database in it); TEST_PG_URL=embedded
//   asks for the embedded one in any case.
// - Redis: TEST_REDIS_URL, else 127.0.0.1:6379 if it answers, else a `redis-server` from PATH on a free port
//   for the run; without one, stop at once with one line that says how to get it.
import { spawn, type ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedServer } from "../server/src/platform/embedded-postgres.ts";
import { createLogger } from "../server/src/platform/logger.ts";
import { embeddedDataDir, removeDataDir } from "./helpers/embedded.ts";
import { freePort } from "./helpers/ports.ts";

const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/postgres";
const DEFAULT_REDIS = "redis://127.0.0.1:6379";

async function pgAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  c.on("error", () => {});
  try {
    await c.connect();
    await c.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on("error", () => {});
  try {
    await r.connect();
    return (await r.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

function stopHere(line: string): never {
  console.error(`\n${line}\n`);
  process.exit(1);
}

async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const failed = new Promise<string>((resolve) => {
    child.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ENOENT" ? "missing" : err.message));
    child.once("exit", (code) => resolve(`exited with ${code}`));
  });
  const url = `redis://127.0.0.1:${port}`;
  const end = Date.now() + 10_000;
  for (;;) {
    const outcome = await Promise.race([failed, redisAnswers(url).then((ok) => (ok ? "up" : undefined))]);
    if (outcome === "up") return { url, child };
    if (outcome === "missing") {
      stopHere(
        "No Redis answers on 127.0.0.1:6379 and redis-server is not on PATH: install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or set TEST_REDIS_URL.",
      );
    }
    if (outcome !== undefined || Date.now() > end)
      stopHere(`redis-server did not start on port ${port} (${outcome ?? "no answer"}); set TEST_REDIS_URL to a Redis server.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const cleanups: (() => Promise<void>)[] = [];

  // TEST_PG_URL=embedded: the embedded server even when one answers on 5432, as on a machine without PostgreSQL.
  const forceEmbedded = process.env.TEST_PG_URL === "embedded";
  if (forceEmbedded) delete process.env.TEST_PG_URL;
  if (process.env.TEST_PG_URL) {
    if (!(await pgAnswers(process.env.TEST_PG_URL))) stopHere("TEST_PG_URL is set but no PostgreSQL answers there.");
  } else if (!forceEmbedded && (await pgAnswers(DEFAULT_PG))) {
    process.env.TEST_PG_URL = DEFAULT_PG;
  } else {
    const dataDir = await embeddedDataDir();
    // A throw-away server: durability settings off, room for every worker's pools and child processes.
    const server: EmbeddedServer = await startEmbeddedPostgres({
      dataDir,
      log: createLogger("warn"),
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: "400" },
    });
    process.env.TEST_PG_URL = `postgres://${server.admin.user}:${encodeURIComponent(server.admin.password)}@${server.host}:${server.port}/postgres`;
    const why = forceEmbedded ? "TEST_PG_URL=embedded" : "No PostgreSQL on 127.0.0.1:5432";
    console.log(`${why}: the tests use an embedded PostgreSQL on port ${server.port} for this run.`);
    cleanups.push(async () => {
      await server.stop();
      removeDataDir(dataDir);
    });
  }

  if (process.env.TEST_REDIS_URL) {
    if (!(await redisAnswers(process.env.TEST_REDIS_URL))) stopHere("TEST_REDIS_URL is set but no Redis answers there.");
  } else if (!(await redisAnswers(DEFAULT_REDIS))) {
    const { url, child } = await startRedis();
    process.env.TEST_REDIS_URL = url;
    console.log(`No Redis on 127.0.0.1:6379: the tests use a redis-server on ${url} for this run.`);
    cleanups.push(async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    });
  }

  return async () => {
    for (const c of cleanups.reverse()) await c();
  };
}
