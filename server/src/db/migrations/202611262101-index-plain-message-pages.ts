import type { Knex } from "knex";

// The bot API's message page reads only bot and service messages: in a channel busy with members' messages, the
// (channel_id, id) index would walk past every member message to fill a page of bot ones.
export async function up(knex: Knex) {
  await knex.raw(
    "CREATE INDEX messages_plain_page ON messages (channel_id, id DESC) WHERE kind IN ('bot', 'service') AND deleted_at IS NULL",
  );
}

export async function down(knex: Knex) {
  await knex.raw("DROP INDEX messages_plain_page");
}
