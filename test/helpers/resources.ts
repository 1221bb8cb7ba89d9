// Each test file gets its own PostgreSQL database and Redis db number, and gives them back when done.
// Where the servers are comes from TEST_PG_URL / TEST_REDIS_URL, which test/global-setup.ts sets for the run
// (the local servers, or an embedded PostgreSQL and a private redis-server when none answers).
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { Redis } from "ioredis";
import { migrate, openPostgres } from "../../server/src/platform/db.ts";

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_BASE_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const MIGRATIONS = join(import.meta.dirname, "../../server/src/db/migrations");
const urlOf = (name: string) => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

/** The template database's name: one per set of migrations, so a new or changed migration gets a new template. */
function templateName(): string {
  const h = createHash("sha256");
  for (const f of readdirSync(MIGRATIONS).sort()) h.update(f).update(readFileSync(join(MIGRATIONS, f)));
  return `t_template_${h.digest("hex").slice(0, 16)}`;
}

let template: Promise<string> | undefined;

/**
 * A database with every migration applied, that new test databases are copied from: a server start on a copy
 * finds nothing to migrate (about a second saved per start). Built once per PostgreSQL server and migration set,
 * by whichever process asks first (an advisory lock keeps concurrent runs from building it twice); nothing ever
 * connects to it afterwards, as CREATE DATABASE … TEMPLATE requires.
 */
function migratedTemplate(): Promise<string> {
  return (template ??= (async () => {
    const name = templateName();
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      const exists = async () => (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
      if (await exists()) return name;
      await admin.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
      try {
        if (await exists()) return name;
        const building = `${name}_b${randomBytes(4).toString("hex")}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const db = await openPostgres(urlOf(building), 2);
        try {
          await migrate(db.knex);
        } finally {
          await db.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        return name;
      } finally {
        await admin.query("SELECT pg_advisory_unlock(hashtext($1))", [name]);
      }
    } finally {
      await admin.end();
    }
  })());
}

/**
 * A new database for one test file or server, already migrated (a copy of the template); `empty` gives a blank
 * one instead, for a test of what a first start on an empty database does.
 */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const from = opts.empty ? undefined : await migratedTemplate();
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = urlOf(name);
  return {
    url,
    name,
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestRedis {
  url: string;
  db: number;
  release(): Promise<void>;
}

/** A lease outlives a test run that was killed by at most this long; a live holder renews it. */
const LEASE_SECONDS = 60;

/** Claims a free db number 1–15 through a lease key in db 0, empties it, and empties it again on release. */
export async function claimTestRedis(): Promise<TestRedis> {
  const control = new Redis(REDIS_BASE_URL, { lazyConnect: true });
  await control.connect();
  const owner = randomBytes(8).toString("hex");
  try {
    for (let attempt = 0; attempt < 600; attempt++) {
      for (let db = 1; db < 16; db++) {
        if (await control.set(`test-lease:${db}`, owner, "EX", LEASE_SECONDS, "NX")) {
          const url = `${REDIS_BASE_URL}/${db}`;
          const r = new Redis(url);
          await r.flushdb();
          r.disconnect();
          const keeper = new Redis(REDIS_BASE_URL, { lazyConnect: true });
          keeper.on("error", () => {});
          const renew = setInterval(
            () => {
              // Only while the lease is still ours (a run paused past the expiry may have lost it).
              void keeper
                .eval(
                  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('expire', KEYS[1], ARGV[2]) end return 0",
                  1,
                  `test-lease:${db}`,
                  owner,
                  LEASE_SECONDS,
                )
                .catch(() => {});
            },
            (LEASE_SECONDS / 3) * 1000,
          ).unref();
          return {
            url,
            db,
            async release() {
              clearInterval(renew);
              keeper.disconnect();
              const r2 = new Redis(url);
              await r2.flushdb();
              r2.disconnect();
              const c = new Redis(REDIS_BASE_URL);
              if ((await c.get(`test-lease:${db}`)) === owner) await c.del(`test-lease:${db}`);
              c.disconnect();
            },
          };
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("no free Redis db number for the test");
  } finally {
    control.disconnect();
  }
}
