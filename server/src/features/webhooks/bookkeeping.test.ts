// Delivery bookkeeping whose cost does not grow with the deliveries table: the batched "delivered" update and the
// sweeper's claim are read from their plans as PostgreSQL ran them (auto_explain, sent back as notices), on a table
// seeded right before (no statistics) and again once ANALYZE says nearly nothing is pending: the update finds its
// rows through the primary key, never through the pending index full of finished rows' dead entries, and the claim
// walks that index in order, so a second claim no longer visits the finished rows in the heap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import { openPostgres, type Database } from "../../platform/db.ts";
import { newId } from "../../platform/ids.ts";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/resources.ts";
import { insertBot } from "../../../../test/helpers/fixtures.ts";
import * as store from "./store.ts";

let testDb: TestDatabase;
let database: Database;
let db: Knex;
const plans: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  // One connection, so the session's settings hold for every statement, and its notices are the plans.
  database = await openPostgres(testDb.url, 1);
  db = database.knex;
  const client = db.client as { acquireConnection(): Promise<NodeJS.EventEmitter>; releaseConnection(c: unknown): Promise<void> };
  const conn = await client.acquireConnection();
  conn.on("notice", (n: { message: string }) => void plans.push(n.message));
  await client.releaseConnection(conn);
  await db.raw(
    "LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_level = notice",
  );
});

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

/** The plan of what `run` executes on the deliveries table. */
async function planOf(run: () => Promise<unknown>): Promise<string> {
  plans.length = 0;
  await run();
  return plans.filter((p) => p.includes("deliveries")).join("\n");
}

/** Buffers the walk of the due index read (index and heap pages), from its node in the plan. */
const dueScanHits = (plan: string) => Number(/Index Scan using deliveries_due[^]*?Buffers: shared hit=(\d+)/.exec(plan)?.[1] ?? NaN);

async function seed(total: number): Promise<string[]> {
  const bot = await insertBot(db);
  const webhookId = newId();
  await db("webhooks").insert({
    id: webhookId,
    bot_user_id: bot.id,
    url: "http://127.0.0.1:9/hook",
    events: ["message.created"],
    secret_enc: "x",
  });
  const ids = Array.from({ length: total }, () => newId());
  for (let i = 0; i < total; i += 1000)
    await store.insertDeliveries(
      db,
      ids
        .slice(i, i + 1000)
        .map((id) => ({ id, webhook_id: webhookId, type: "message.created", body: "x".repeat(600), status: "pending" as const })),
    );
  return ids;
}

const delivered = (ids: string[]) =>
  store.recordDelivered(
    db,
    ids.map((id) => ({ id, statusCode: 200, body: "{}" })),
  );

describe("delivery bookkeeping", () => {
  it("records delivered batches by primary key and claims overdue rows without revisiting finished ones", { timeout: 30_000 }, async () => {
    const ids = await seed(4000);
    const finished = ids.slice(0, 3900);
    for (let i = 0; i < finished.length; i += 100) await delivered(finished.slice(i, i + 100));

    // No statistics yet (the table was filled just now).
    let plan = await planOf(() => delivered(ids.slice(3900, 3950)));
    expect(plan, plan).toContain("deliveries_pkey");
    expect(plan, plan).not.toMatch(/deliveries_due|Seq Scan on deliveries/);

    // Statistics that say almost nothing is pending: the shape that made the planner read the pending index.
    await db.raw("ANALYZE deliveries");
    plan = await planOf(() => delivered(ids.slice(3950, 3975)));
    expect(plan, plan).toContain("deliveries_pkey");
    expect(plan, plan).not.toMatch(/deliveries_due|Seq Scan on deliveries/);
    expect(await db("deliveries").whereIn("id", ids.slice(3900, 3975)).where({ status: "delivered" }).count({ n: "*" })).toEqual([
      { n: 75 },
    ]);

    // The last 25 are overdue: the claim takes them, walking the due index in order (no bitmap, no sort).
    const overdue = () =>
      db("deliveries")
        .whereIn("id", ids.slice(3975))
        .update({ due_at: db.raw("now() - interval '1 minute'") });
    await overdue();
    let claimed: store.PendingDelivery[] = [];
    const first = await planOf(async () => (claimed = await store.claimOverdue(db, 30_000, 1000)));
    expect(claimed.map((r) => r.id).sort()).toEqual(ids.slice(3975).sort());
    expect(first, first).toContain("Index Scan using deliveries_due");
    expect(first, first).not.toMatch(/Bitmap|Sort/);
    // The walk marks the finished rows' entries dead once no transaction of the database can still see those rows
    // (at once, unless another snapshot is open), and later walks read a few index pages instead of their heap.
    let second = "";
    await expect
      .poll(
        async () => {
          await overdue();
          second = await planOf(() => store.claimOverdue(db, 30_000, 1000));
          return dueScanHits(second);
        },
        { timeout: 10_000, interval: 200, message: `${first}\n${second}` },
      )
      .toBeLessThan(dueScanHits(first) / 4);
  });
});
