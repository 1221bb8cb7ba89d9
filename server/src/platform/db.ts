// The database seam: Knex on `pg`, against a PostgreSQL server (DATABASE_URL) or the embedded PostgreSQL the
// service starts itself (embedded-postgres.ts): one SQL path and one driver for every mode, BullMQ included.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import knexFactory, { type Knex } from "knex";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";
import { settledWithin } from "./deadline.ts";
import type { Logger } from "./logger.ts";

/** The pool or an open transaction: what store functions run their statements on. Services only pass it along. */
export type Db = Knex;

/**
 * One unit of work: `work` hands `tx` to store functions; it commits when `work` resolves and rolls back when it
 * throws. Services group their store calls with it, so they never touch Knex and all SQL stays in the stores.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

// COUNT(*) and BIGINT columns fit in a double for every value this service produces.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Plain connection settings every pg-based client here accepts (Knex, BullMQ's PostgreSQL backend). */
export interface PgConnection {
  connectionString?: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
}

export interface Database {
  knex: Knex;
  /**
   * Where reads that may lag go (discover, search, previews, audit and delivery logs): a streaming replica when
   * DATABASE_REPLICA_URL is set, else `knex` itself. Authentication, authorization, cache fills and reads of the
   * caller's own writes stay on `knex`.
   */
  replica: Knex;
  /** A pg connection config for other clients of the same database (BullMQ's PostgreSQL backend). */
  connection: PgConnection;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = join(import.meta.dirname, "../db/migrations");

/**
 * Files renamed after databases recorded them, by the name `knex_migrations` holds: a database migrated before
 * the rename, or by an older process during a rolling upgrade, sees the same list.
 */
const RECORDED_AS: Readonly<Record<string, string>> = {
  // Renamed so that no two migrations share a timestamp.
  "202611220555-create-bot-installs.ts": "202611220556-create-bot-installs.ts",
};

/**
 * Migrations are `YYYYMMDDHHMM-verb-noun.ts` modules exporting up/down, one per timestamp, applied in name order
 * on start.
 */
export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{12}-[a-z0-9-]+\.ts$/.test(f))
      .sort();
  },
  getMigrationName: (name) => RECORDED_AS[name] ?? name,
  async getMigration(name) {
    return import(pathToFileURL(join(MIGRATIONS_DIR, name)).href) as Promise<Knex.Migration>;
  },
};

export async function migrate(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}

const POOL_MAX = 20;
/** How long close() lets the pool end its connections. */
const CLOSE_WITHIN_MS = 3000;

/** What a Knex instance tells the statements run on it (prepared.ts reads it). */
export interface DbTraits {
  /** False behind a pooler in transaction mode: a named statement lives on one server connection, not the next. */
  namedStatements: boolean;
}

function knexOn(connection: PgConnection, poolMax: number, traits: DbTraits = { namedStatements: true }): Knex {
  return knexFactory({ client: "pg", connection, pool: { min: 0, max: poolMax }, parley: traits } as Knex.Config);
}

/** The traits of the database `db` runs on (a transaction has its pool's). */
export function traitsOf(db: Knex): DbTraits {
  return (db.client as { config?: { parley?: DbTraits } }).config?.parley ?? { namedStatements: true };
}

/**
 * Connects to PostgreSQL at `url`; `pooler` says it is a pooler in transaction mode, `replicaUrl` names a
 * streaming replica for reads that may lag.
 */
export async function openPostgres(
  url: string,
  poolMax = POOL_MAX,
  opts: { pooler?: "transaction"; replicaUrl?: string } = {},
): Promise<Database> {
  const connection: PgConnection = { connectionString: url };
  const traits = { namedStatements: opts.pooler !== "transaction" };
  const knex = knexOn(connection, poolMax, traits);
  const replica = opts.replicaUrl ? knexOn({ connectionString: opts.replicaUrl }, poolMax, traits) : knex;
  return {
    knex,
    replica,
    connection,
    async close() {
      // Knex's destroy waits for every pending acquire, and while the database refuses connections each one
      // retries until its acquire timeout (a minute): a shutdown gives them a few seconds, not that minute.
      await settledWithin(CLOSE_WITHIN_MS, [knex.destroy(), ...(replica !== knex ? [replica.destroy()] : [])]);
    },
  };
}

/** Starts (on first start: creates) the embedded PostgreSQL under `dataDir` and connects to it like any server. */
export async function openEmbedded(dataDir: string, log: Logger): Promise<Database> {
  const server = await startEmbeddedPostgres({ dataDir, log });
  const connection: PgConnection = {
    host: server.host,
    port: server.port,
    user: server.service.user,
    password: server.service.password,
    database: "postgres",
  };
  const knex = knexOn(connection, POOL_MAX);
  return {
    knex,
    replica: knex,
    connection,
    async close() {
      await settledWithin(CLOSE_WITHIN_MS, [knex.destroy()]);
      await server.stop();
    },
  };
}
