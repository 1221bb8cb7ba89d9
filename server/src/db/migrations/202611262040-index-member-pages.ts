import type { Knex } from "knex";

// Members pages (newest first, keyset on (joined_at, id)) read one index range per page, whatever the space's size.
export async function up(knex: Knex) {
  await knex.raw("CREATE INDEX members_space_joined ON members (space_id, joined_at DESC, id DESC)");
}

export async function down(knex: Knex) {
  await knex.raw("DROP INDEX members_space_joined");
}
