// DATABASE_REPLICA_URL: reads that may lag go to a real streaming replica (pg_basebackup -R of a primary started
// here on loopback, PostgreSQL's own binaries); with its replay paused, what must not read stale data does not.
import { execFile, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { freePort } from "./helpers/ports.ts";
import { api } from "./helpers/http.ts";
import { registerUser } from "./helpers/users.ts";

const run = promisify(execFile);
const PG_ROOT = "/usr/lib/postgresql";
const bin = existsSync(PG_ROOT)
  ? readdirSync(PG_ROOT)
      .map((v) => join(PG_ROOT, v, "bin"))
      .find((b) => existsSync(join(b, "pg_basebackup")))
  : undefined;

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user the package made. */
const asRoot = process.getuid?.() === 0;
const pgUser = asRoot
  ? { uid: Number(spawnSync("id", ["-u", "postgres"]).stdout), gid: Number(spawnSync("id", ["-g", "postgres"]).stdout) }
  : {};
const pgRun = (cmd: string, args: string[]) => run(join(bin!, cmd), args, { ...pgUser, cwd: tmpdir() });

interface Cluster {
  port: number;
  url(db: string): string;
}

async function startCluster(dir: string, port: number, sockets: string): Promise<Cluster> {
  await pgRun("pg_ctl", [
    "-D",
    dir,
    "-l",
    `${dir}.log`,
    "-w",
    "-o",
    `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ]);
  return { port, url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}` };
}

describe.skipIf(!bin)("DATABASE_REPLICA_URL: lag-tolerant reads on a streaming replica", () => {
  let root: string;
  let primary: Cluster;
  let replica: Cluster;
  let server: TestServer;
  let replicaAdmin: pg.Client;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "parley-replica-"));
    if (asRoot) chownSync(root, pgUser.uid!, pgUser.gid!);
    await pgRun("initdb", ["-D", join(root, "primary"), "-U", "postgres", "--auth=trust", "--no-sync"]);
    primary = await startCluster(join(root, "primary"), await freePort(), root);
    await run("psql", [primary.url("postgres"), "-c", "CREATE DATABASE parley"]);
    // A fast checkpoint: the default spread one waits most of checkpoint_timeout.
    const port = String(primary.port);
    await pgRun("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      port,
      "-U",
      "postgres",
      "-D",
      join(root, "replica"),
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
    ]);
    replica = await startCluster(join(root, "replica"), await freePort(), root);
    replicaAdmin = new pg.Client({ connectionString: replica.url("postgres") });
    await replicaAdmin.connect();
    server = await startTestServer({ env: { DATABASE_URL: primary.url("parley"), DATABASE_REPLICA_URL: replica.url("parley") } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await replicaAdmin?.end();
    for (const name of ["replica", "primary"])
      if (root && existsSync(join(root, name))) await pgRun("pg_ctl", ["-D", join(root, name), "-m", "immediate", "stop"]).catch(() => {});
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("discover and previews read the replica; the owner's own space, its rights and its changes read the primary", async () => {
    const http = api(server.url);
    const owner = await registerUser(server.url);
    const visitor = await registerUser(server.url);
    const discovered = async () =>
      ((await http.get("/api/spaces/discover?limit=100&sort_by=created", { token: visitor.token })).body as { id: string }[]).map(
        (s) => s.id,
      );

    const first = await http.post("/api/spaces", { name: "replicated", visibility: "public" }, { token: owner.token });
    expect(first.status).toBe(201);
    await expect.poll(discovered, { timeout: 20_000 }).toContain(first.body.id);

    await replicaAdmin.query("SELECT pg_wal_replay_pause()");
    try {
      const second = await http.post("/api/spaces", { name: "not yet replicated", visibility: "public" }, { token: owner.token });
      expect(second.status).toBe(201);
      // Read right after the caller's own write, and an authorization: the primary.
      expect((await http.get(`/api/spaces/${second.body.id}`, { token: owner.token })).status).toBe(200);
      const joined = await http.post(`/api/spaces/${second.body.id}/join`, {}, { token: visitor.token });
      expect(joined.status).toBe(200);
      // The directory and public info may lag: the replica has not replayed the new space.
      expect(await discovered()).not.toContain(second.body.id);
      expect((await http.get(`/api/spaces/${second.body.id}/public-info`, { token: visitor.token })).status).toBe(404);

      await replicaAdmin.query("SELECT pg_wal_replay_resume()");
      await expect.poll(discovered, { timeout: 20_000 }).toContain(second.body.id);
    } finally {
      await replicaAdmin.query("SELECT pg_wal_replay_resume()").catch(() => {});
    }
  });
});
