// The database seam: Knex on `pg`, against PostgreSQL (DATABASE_URL) or an embedded PGlite served over
// pglite-socket on loopback, so one SQL path (and one driver) serves every mode, BullMQ included.
import { readdirSync } from "node:fs";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import knexFactory, { type Knex } from "knex";
import pg from "pg";

export type Db = Knex;

// COUNT(*) and BIGINT columns fit in a double for every value this service produces.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Plain connection settings every pg-based client here accepts (Knex, BullMQ's PostgreSQL backend). */
export interface PgConnection {
  connectionString?: string;
  host?: string;
  port?: number;
  user?: string;
  database?: string;
}

export interface Database {
  knex: Knex;
  /** A pg connection config for other clients of the same database (BullMQ's PostgreSQL backend). */
  connection: PgConnection;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = join(import.meta.dirname, "../db/migrations");

/** Migrations are `YYYYMMDDHHMM-verb-noun.ts` modules exporting up/down, applied in name order on start. */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{12}-[a-z0-9-]+\.ts$/.test(f)).sort();
  },
  getMigrationName: (name) => name,
  async getMigration(name) {
    return import(pathToFileURL(join(MIGRATIONS_DIR, name)).href);
  },
};

export async function migrate(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}

function knexOn(connection: PgConnection, poolMax: number): Knex {
  return knexFactory({ client: "pg", connection, pool: { min: 0, max: poolMax } });
}

/** Connects to PostgreSQL at `url`. */
export async function openPostgres(url: string, poolMax = 20): Promise<Database> {
  const connection: PgConnection = { connectionString: url };
  const knex = knexOn(connection, poolMax);
  return { knex, connection, close: () => knex.destroy() };
}

/** Starts PGlite with files under `dataDir` and serves it on a private loopback port. */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { citext } = await import("@electric-sql/pglite/contrib/citext");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(`file://${join(dataDir, "pg")}`, { extensions: { citext, pg_trgm } });
  // BullMQ's PostgreSQL backend keeps its tables in schema `bullmq`; PGlite serves one session
  // setting for all, so the search path is fixed at the database level before anyone connects.
  await lite.exec("CREATE SCHEMA IF NOT EXISTS bullmq; ALTER DATABASE template1 SET search_path TO bullmq, public");
  await lite.exec("SET search_path TO bullmq, public");
  const server = new PGLiteSocketServer({ db: lite, host: "127.0.0.1", port: 0, maxConnections: 100 });
  await server.start();
  const [host, port] = server.getServerConn().split(":");
  const connection: PgConnection = { host, port: Number(port), user: "postgres", database: "postgres" };
  const knex = knexOn(connection, 10);
  return {
    knex,
    connection,
    async close() {
      await knex.destroy();
      await server.stop();
      await lite.close();
    },
  };
}
