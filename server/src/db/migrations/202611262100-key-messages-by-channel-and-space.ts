import type { Knex } from "knex";

// A message belongs to its channel, and its space is that channel's space: one composite key says both. Deleting a
// space then removes its messages through its channels (each found by the (channel_id, id) index) instead of a
// cascade on messages.space_id, which has no index and would scan every message of every space; and an insert
// checks one key instead of two.
export async function up(knex: Knex) {
  await knex.raw("ALTER TABLE channels ADD CONSTRAINT channels_id_space_id_unique UNIQUE (id, space_id)");
  await knex.raw(
    `ALTER TABLE messages ADD CONSTRAINT messages_channel_space_foreign FOREIGN KEY (channel_id, space_id)
       REFERENCES channels (id, space_id) ON DELETE CASCADE NOT VALID`,
  );
  await knex.raw("ALTER TABLE messages VALIDATE CONSTRAINT messages_channel_space_foreign");
  await knex.raw("ALTER TABLE messages DROP CONSTRAINT messages_space_id_foreign");
  await knex.raw("ALTER TABLE messages DROP CONSTRAINT messages_channel_id_foreign");
}

export async function down(knex: Knex) {
  await knex.raw(
    "ALTER TABLE messages ADD CONSTRAINT messages_channel_id_foreign FOREIGN KEY (channel_id) REFERENCES channels (id) ON DELETE CASCADE",
  );
  await knex.raw(
    "ALTER TABLE messages ADD CONSTRAINT messages_space_id_foreign FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE",
  );
  await knex.raw("ALTER TABLE messages DROP CONSTRAINT messages_channel_space_foreign");
  await knex.raw("ALTER TABLE channels DROP CONSTRAINT channels_id_space_id_unique");
}
