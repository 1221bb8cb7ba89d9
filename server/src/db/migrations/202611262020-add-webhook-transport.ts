import type { Knex } from "knex";

// `transport`: `http` (POST to `url`, signed with the secret) or `socket` (sent over one of the bot's gateway
// connections; no URL, no secret). The constraint keeps each row to the columns its transport needs.
export async function up(knex: Knex) {
  await knex.raw("ALTER TABLE webhooks ADD COLUMN transport text NOT NULL DEFAULT 'http'");
  await knex.raw("ALTER TABLE webhooks ALTER COLUMN url DROP NOT NULL, ALTER COLUMN secret_enc DROP NOT NULL");
  await knex.raw(
    `ALTER TABLE webhooks ADD CONSTRAINT webhooks_transport_columns CHECK (
       (transport = 'http' AND url IS NOT NULL AND secret_enc IS NOT NULL) OR (transport = 'socket' AND url IS NULL AND secret_enc IS NULL))`,
  );
}

export async function down(knex: Knex) {
  await knex.raw("DELETE FROM webhooks WHERE transport = 'socket'");
  await knex.raw("ALTER TABLE webhooks DROP CONSTRAINT webhooks_transport_columns");
  await knex.raw("ALTER TABLE webhooks ALTER COLUMN url SET NOT NULL, ALTER COLUMN secret_enc SET NOT NULL");
  await knex.raw("ALTER TABLE webhooks DROP COLUMN transport");
}
