import type { Knex } from "knex";

// Every delivery is written twice (inserted pending, then finished), and each finishing update leaves a dead row and
// a dead entry in `deliveries_due` until VACUUM. By default autovacuum waits for a fifth of the table to be dead,
// which on a table holding weeks of deliveries is millions of rows; here it runs after 1 % (a VACUUM's cost grows
// with the table, so a fixed count would cost more per delivery as the table grows), without sleeping between
// pages. The insert trigger keeps the visibility map current between those runs. See docs/running-at-scale.md.
const SETTINGS = {
  autovacuum_vacuum_scale_factor: "0.01",
  autovacuum_vacuum_threshold: "1000",
  autovacuum_vacuum_insert_scale_factor: "0.01",
  autovacuum_vacuum_insert_threshold: "1000",
  autovacuum_analyze_scale_factor: "0.02",
  autovacuum_vacuum_cost_delay: "0",
};

export async function up(knex: Knex) {
  await knex.raw(
    `ALTER TABLE deliveries SET (${Object.entries(SETTINGS)
      .map(([k, v]) => `${k} = ${v}`)
      .join(", ")})`,
  );
  // Read by nothing since the sweeper took over on `deliveries_due`: it only cost a write per new delivery.
  await knex.raw("DROP INDEX deliveries_pending");
}

export async function down(knex: Knex) {
  await knex.raw("CREATE INDEX deliveries_pending ON deliveries (created_at) WHERE status = 'pending'");
  await knex.raw(`ALTER TABLE deliveries RESET (${Object.keys(SETTINGS).join(", ")})`);
}
