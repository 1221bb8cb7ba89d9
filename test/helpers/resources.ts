// Each test file gets its own PostgreSQL database and Redis db number, and gives them back when done.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { Redis } from "ioredis";

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_BASE_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
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

/** Claims a free db number 1–15 through a lease key in db 0, empties it, and empties it again on release. */
export async function claimTestRedis(): Promise<TestRedis> {
  const control = new Redis(REDIS_BASE_URL, { lazyConnect: true });
  await control.connect();
  const owner = randomBytes(8).toString("hex");
  try {
    for (let attempt = 0; attempt < 600; attempt++) {
      for (let db = 1; db < 16; db++) {
        if (await control.set(`test-lease:${db}`, owner, "EX", 900, "NX")) {
          const url = `${REDIS_BASE_URL}/${db}`;
          const r = new Redis(url);
          await r.flushdb();
          r.disconnect();
          return {
            url,
            db,
            async release() {
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
