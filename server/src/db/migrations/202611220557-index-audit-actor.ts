import type { Knex } from "knex";

// The bot audit log reads rows whose actor is the bot as well as rows about it.
export async function up(knex: Knex) {
  await knex.raw("CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC) WHERE actor_id IS NOT NULL");
}

export async function down(knex: Knex) {
  await knex.raw("DROP INDEX audit_log_actor_idx");
}
