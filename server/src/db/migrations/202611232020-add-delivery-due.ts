import type { Knex } from "knex";

// `due_at`: when a pending delivery should have been attempted (or re-attempted) at the latest. The sweeper
// re-queues pending rows past it, so a job lost with Redis, or an enqueue that failed, is taken up again.
// Pending bodies are sealed with DATA_KEY from now on (webhooks/body.ts); finished ones stay redacted plain text.
export async function up(knex: Knex) {
  await knex.raw("ALTER TABLE deliveries ADD COLUMN due_at timestamptz NOT NULL DEFAULT now()");
  await knex.raw("CREATE INDEX deliveries_due ON deliveries (due_at) WHERE status = 'pending'");
}

export async function down(knex: Knex) {
  await knex.raw("DROP INDEX deliveries_due");
  await knex.raw("ALTER TABLE deliveries DROP COLUMN due_at");
}
