// The migrations (db.ts migrationSource): one file per timestamp, and a database migrated before a file was renamed
// keeps migrating, its recorded names unchanged.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrationSource, openPostgres, type Database } from "./db.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/resources.ts";

const files = readdirSync(join(import.meta.dirname, "../db/migrations")).filter((f) => f.endsWith(".ts"));

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase({ empty: true });
  database = await openPostgres(testDb.url, 2);
});

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const recorded = async () => (await database.knex("knex_migrations").orderBy("id").select<{ name: string }[]>("name")).map((r) => r.name);

describe("migrations", () => {
  it("are named YYYYMMDDHHMM-verb-noun.ts (the only names the runner picks up), one per timestamp", () => {
    expect(files.filter((f) => !/^\d{12}-[a-z0-9-]+\.ts$/.test(f))).toEqual([]);
    const stamps = files.map((f) => f.slice(0, 12));
    expect(stamps.filter((s, i) => stamps.indexOf(s) !== i)).toEqual([]);
  });

  it("a database migrated under a renamed file's earlier name migrates on, and nothing runs twice", async () => {
    // The state an install left before the rename: every migration up to the renamed one applied and recorded
    // under the earlier name (the name the migration source still reports for it).
    const all = await migrationSource.getMigrations([]);
    const upTo = all.indexOf("202611220555-create-bot-installs.ts") + 1;
    expect(upTo).toBeGreaterThan(0);
    for (const name of all.slice(0, upTo)) await (await migrationSource.getMigration(name)).up(database.knex);
    await database.knex.schema.createTable("knex_migrations", (t) => {
      t.increments("id");
      t.string("name");
      t.integer("batch");
      t.timestamp("migration_time");
    });
    const earlier = all.slice(0, upTo).map((f) => f.replace("202611220555-create-bot-installs", "202611220556-create-bot-installs"));
    await database.knex("knex_migrations").insert(earlier.map((name) => ({ name, batch: 1, migration_time: new Date() })));

    await migrate(database.knex);
    const names = await recorded();
    expect(names.slice(0, upTo)).toEqual(earlier);
    expect(names).toHaveLength(all.length);
    expect(new Set(names).size).toBe(all.length);
    await migrate(database.knex); // a second start finds nothing to do
    expect(await recorded()).toEqual(names);
  });
});
