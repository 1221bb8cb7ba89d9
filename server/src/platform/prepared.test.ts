// Hot-path statements (prepared.ts) on a real PostgreSQL: named on a plain pool, so the server keeps each one
// parsed per connection; unnamed inside a transaction and behind a pooler in transaction mode, where a named
// statement could land on a server connection that never saw it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "./db.ts";
import { prepare } from "./prepared.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/resources.ts";

let testDb: TestDatabase;
const opened: Database[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  await testDb?.drop();
});

/** One connection, so the statements this session prepared are the ones `pg_prepared_statements` lists. */
async function open(pooler?: "transaction") {
  const database = await openPostgres(testDb.url, 1, pooler ? { pooler } : {});
  opened.push(database);
  return database.knex;
}

const sum = prepare<{ n: number }>("probe_sum", "SELECT $1::int + $2::int AS n");
const preparedNames = async (db: Awaited<ReturnType<typeof open>>) =>
  (await db.raw<{ rows: { name: string }[] }>("SELECT name FROM pg_prepared_statements")).rows.map((r) => r.name);

describe("prepare", () => {
  it("runs as a named statement on a pool, with its values in order", async () => {
    const db = await open();
    expect(await sum.run(db, [2, 40])).toEqual([{ n: 42 }]);
    expect(await sum.run(db, [1, 1])).toEqual([{ n: 2 }]);
    expect(await preparedNames(db)).toEqual(["probe_sum"]);
  });

  it("runs unnamed inside a transaction, on the transaction's connection", async () => {
    const db = await open();
    const inside = await db.transaction(async (trx) => {
      const rows = await sum.run(trx, [3, 4]);
      return { rows, names: await preparedNames(trx) };
    });
    expect(inside).toEqual({ rows: [{ n: 7 }], names: [] });
  });

  it("runs unnamed behind a pooler in transaction mode", async () => {
    const db = await open("transaction");
    expect(await sum.run(db, [5, 5])).toEqual([{ n: 10 }]);
    expect(await preparedNames(db)).toEqual([]);
  });
});
