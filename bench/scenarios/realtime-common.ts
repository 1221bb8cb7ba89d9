// Shared pieces of the realtime benchmarks: a real server in its own process (so the client's memory is not
// counted), users and sessions written in bulk, access tokens minted with the server's secret, many sockets.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import knex, { type Knex } from "knex";
import { WebSocket } from "ws";
import { newId } from "../../server/src/platform/ids.ts";
import { AccessTokens } from "../../server/src/features/auth/index.ts";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../test/helpers/resources.ts";
export { freePort } from "../../test/helpers/ports.ts";
import { freePort } from "../../test/helpers/ports.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const JWT_SECRET = "bench-jwt-secret-that-is-long-enough-000";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident set size of a process, in bytes (Linux). */
export function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** CPU time a process has used so far, user and system, in ms (Linux's accounting; clock ticks of 10 ms). */
export function cpuTimes(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: Number(f[11]) * 10, system: Number(f[12]) * 10 }; // utime, stime (fields 14, 15)
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid: number): number {
  const t = cpuTimes(pid);
  return t.user + t.system;
}

export interface Child {
  proc: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** Spawns `node --import tsx <script>` and waits for `marker` on its output. */
export async function spawnNode(args: string[], env: Record<string, string>, marker: string, url: string): Promise<Child> {
  const proc = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe", "ipc"] });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")} did not start: ${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes(marker)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
  proc.stdout!.resume();
  proc.stderr!.resume();
  return {
    proc,
    url,
    stop: () =>
      new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : (proc.once("exit", () => resolve()), proc.kill("SIGTERM")))),
  };
}

export interface Bench {
  db: Knex;
  database: TestDatabase;
  redis: TestRedis;
  parley: Child;
  close(): Promise<void>;
}

/** A Parley server on PostgreSQL + Redis, in its own process; `env` adds to (or overrides) its environment. */
export async function startParley(env: Record<string, string> = {}): Promise<Bench> {
  const [database, redis] = await Promise.all([createTestDatabase(), claimTestRedis()]);
  const port = await freePort();
  const parley = await spawnNode(
    // BENCH_SERVER_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    [
      ...(process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? []),
      "--expose-gc",
      "--import",
      "tsx",
      "bench/scenarios/parley-process.ts",
    ],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      JWT_SECRET,
      BOT_TOKEN_SECRET: JWT_SECRET,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "1000",
      ...env,
    },
    "Parley is listening",
    `http://127.0.0.1:${port}`,
  );
  const db = knex({ client: "pg", connection: database.url, pool: { min: 0, max: 4 } });
  return {
    db,
    database,
    redis,
    parley,
    async close() {
      await parley.stop();
      await db.destroy();
      await database.drop();
      await redis.release();
    },
  };
}

/** Runs two full collections in the child (see parley-process.ts) and answers its memory usage. */
export function gcAndMeasure(child: Child): Promise<NodeJS.MemoryUsage & { rssProc: number }> {
  return new Promise((resolve) => {
    child.proc.once("message", (m: { memory: NodeJS.MemoryUsage }) => resolve({ ...m.memory, rssProc: rss(child.proc.pid!) }));
    child.proc.send("gc");
  });
}

export interface SeededUser {
  id: string;
  token: string;
}

/** `n` users with one device session each, written in bulk, with access tokens signed by the server's secret. */
export async function seedUsers(db: Knex, n: number): Promise<SeededUser[]> {
  const tokens = new AccessTokens(JWT_SECRET, () => Date.now());
  const users: SeededUser[] = [];
  for (let i = 0; i < n; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - i) }, () => ({ id: newId(), session: newId() }));
    await db("users").insert(batch.map((u) => ({ id: u.id, username: `b_${u.id.replace(/-/g, "").slice(-20)}` })));
    await db("sessions").insert(batch.map((u) => ({ id: u.session, user_id: u.id, secret_hash: Buffer.alloc(32) })));
    for (const u of batch) users.push({ id: u.id, token: await tokens.sign({ userId: u.id, sessionId: u.session }) });
  }
  return users;
}

/** A space with a text channel whose members are `userIds` (the first is the owner). */
export async function seedSpace(db: Knex, userIds: string[]): Promise<{ spaceId: string; channelId: string }> {
  const spaceId = newId();
  const channelId = newId();
  await db("spaces").insert({
    id: spaceId,
    name: `bench ${spaceId.slice(-6)}`,
    owner_id: userIds[0],
    invite_code: spaceId.replace(/-/g, "").slice(-10),
    member_count: userIds.length,
  });
  await db("channels").insert({ id: channelId, space_id: spaceId, name: "general", type: "text", position: 0 });
  for (let i = 0; i < userIds.length; i += 1000) {
    await db("members").insert(
      userIds.slice(i, i + 1000).map((u, j) => ({ id: newId(), space_id: spaceId, user_id: u, role: i + j === 0 ? "owner" : "member" })),
    );
  }
  return { spaceId, channelId };
}

/**
 * Opens `count` sockets (authenticating each with `tokens[i]` when given), `concurrency` at a time. `onFrame` hears
 * every frame after the first (`ready`), e.g. to count the presence traffic a storm causes.
 */
export async function connectMany(
  wsUrl: string,
  count: number,
  tokens: string[] | null,
  concurrency = 200,
  onFrame?: () => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = new Array(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      sockets[i] = await new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
        ws.once("error", reject);
        ws.once("close", (code) => reject(new Error(`socket ${i} closed with ${code} before ready`)));
        ws.once("open", () => {
          if (!tokens) return resolve(ws);
          ws.send(JSON.stringify({ type: "auth", token: tokens[i] }));
          ws.once("message", (data) => {
            if (!String(data).startsWith('{"type":"ready"')) return reject(new Error(String(data)));
            if (onFrame) ws.on("message", onFrame);
            resolve(ws);
          });
        });
      });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sockets;
}

export async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) =>
          ws.readyState === WebSocket.CLOSED ? resolve() : (ws.once("close", () => resolve()), ws.terminate()),
        ),
    ),
  );
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
