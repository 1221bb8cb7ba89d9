// A real Redis Cluster for a test file: six `redis-server` processes (3 masters, 3 replicas) on free loopback ports,
// their files in a temp folder, joined by `redis-cli --cluster create`. A cluster has db 0 only, so a test file
// that needs one starts its own (about a second) instead of leasing a db number as on the shared Redis.
// Without `redis-server` and `redis-cli` on PATH, `redisClusterAvailable` says why and the tests skip.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";

/** Why a cluster cannot be started here, or undefined when it can. */
export function redisClusterUnavailable(): string | undefined {
  for (const tool of ["redis-server", "redis-cli"]) {
    const r = spawnSync(tool, ["--version"], { stdio: "ignore" });
    if (r.error || r.status !== 0)
      return `${tool} is not on PATH (Debian/Ubuntu: apt-get install redis-server), so the Redis Cluster tests skip`;
  }
  return undefined;
}

interface ClusterNode {
  port: number;
  /** SIGKILL: the node is gone as in a crash. */
  kill(): Promise<void>;
}

export interface TestRedisCluster {
  /** REDIS_CLUSTER_NODES for the service: every node, as `127.0.0.1:port,…`. */
  nodes: string;
  /** The node that is master of `key`'s slot now. */
  masterOf(key: string): Promise<ClusterNode>;
  /** Resolves once every slot is served again (after a failover) and the cluster says ok. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });

/** Six ports whose cluster bus ports (+10000) are free too: from `basePort` on when given, else anywhere. */
async function freeClusterPorts(basePort?: number): Promise<number[]> {
  for (let tries = 0; tries < (basePort ? 1 : 50); tries++) {
    const base = basePort ?? 20_000 + Math.floor(Math.random() * 30_000);
    const ports = [0, 1, 2, 3, 4, 5].map((i) => base + i);
    const free = await Promise.all(ports.flatMap((p) => [canListen(p), canListen(p + 10_000)]));
    if (free.every(Boolean)) return ports;
  }
  throw new Error(`no free ports for a Redis Cluster${basePort ? ` at ${basePort}–${basePort + 5} (and +10000)` : ""}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`redis cluster: ${what} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

async function ask<T>(port: number, fn: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis(port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  r.on("error", () => {});
  try {
    await r.connect();
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

const clusterOk = (port: number) => ask(port, async (r) => String(await r.call("CLUSTER", "INFO")).includes("cluster_state:ok"));

/** `basePort`: the six nodes on basePort…basePort+5 (a benchmark run told where), else on free ports. */
export async function startRedisCluster(opts: { basePort?: number } = {}): Promise<TestRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), "parley-redis-cluster-"));
  const ports = await freeClusterPorts(opts.basePort);
  const children = new Map<number, ChildProcess>();
  for (const port of ports) {
    const child = spawn(
      "redis-server",
      [
        ...["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
        ...["--cluster-enabled", "yes", "--cluster-config-file", `nodes-${port}.conf`],
        // A master silent for 1 s is failed over: a test's failover takes a few seconds, not the default 15.
        ...["--cluster-node-timeout", "1000", "--cluster-replica-validity-factor", "0"],
      ],
      { stdio: "ignore" },
    );
    child.on("error", () => {});
    children.set(port, child);
  }
  const stopAll = async () => {
    await Promise.all(
      [...children.values()].map(async (c) => {
        if (c.exitCode !== null || c.signalCode !== null) return;
        const gone = new Promise((r) => c.once("exit", r));
        c.kill("SIGKILL");
        await gone;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(ports.map((p) => until(`node ${p} did not answer`, 10_000, () => ask(p, async (r) => (await r.ping()) === "PONG"))));
    const created = spawnSync(
      "redis-cli",
      ["--cluster", "create", ...ports.map((p) => `127.0.0.1:${p}`), "--cluster-replicas", "1", "--cluster-yes"],
      { encoding: "utf8", timeout: 30_000 },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    await Promise.all(ports.map((p) => until(`node ${p} did not report cluster_state:ok`, 15_000, () => clusterOk(p))));
  } catch (err) {
    await stopAll();
    throw err;
  }
  const node = (port: number): ClusterNode => ({
    port,
    async kill() {
      const c = children.get(port)!;
      if (c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise((r) => c.once("exit", r));
      c.kill("SIGKILL");
      await gone;
    },
  });
  const alive = () => ports.filter((p) => children.get(p)!.exitCode === null && children.get(p)!.signalCode === null);
  return {
    nodes: ports.map((p) => `127.0.0.1:${p}`).join(","),
    async masterOf(key) {
      const slot = await ask(alive()[0]!, (r) => r.call("CLUSTER", "KEYSLOT", key) as Promise<number>);
      const ranges = (await ask(alive()[0]!, (r) => r.call("CLUSTER", "SLOTS"))) as [number, number, [string, number]][];
      const range = ranges.find(([from, to]) => slot >= from && slot <= to);
      if (!range) throw new Error(`redis cluster: no master serves slot ${slot}`);
      return node(range[2][1]);
    },
    async waitHealthy(timeoutMs = 20_000) {
      await until("slots not all served again", timeoutMs, async () => (await Promise.all(alive().map(clusterOk))).every(Boolean));
    },
    stop: stopAll,
  };
}

/**
 * The environment of server processes sharing `cluster` and the database at `databaseUrl`: one set of secrets for
 * all (each process opens the deliveries the others sealed), loopback webhooks allowed, quiet logs.
 */
export function clusterProcessEnv(
  cluster: TestRedisCluster,
  databaseUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_CLUSTER_NODES: cluster.nodes,
    HOST: "127.0.0.1",
    JWT_SECRET: "cluster-test-jwt-secret-long-enough-0000",
    BOT_TOKEN_SECRET: "cluster-test-bot-secret-long-enough-000",
    DATA_KEY: Buffer.alloc(32, 7).toString("base64"),
    WEBHOOK_ALLOW_PRIVATE: "true",
    LOG_LEVEL: "warn",
    ...extra,
  };
}
