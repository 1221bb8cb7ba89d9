import type { Knex } from "knex";

export async function up(knex: Knex) {
  await knex.schema.createTable("audit_log", (t) => {
    t.uuid("id").primary();
    t.text("action").notNullable();
    t.uuid("actor_id");
    t.uuid("space_id");
    t.text("target_type");
    t.text("target_id");
    t.jsonb("data").notNullable().defaultTo("{}");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Both read paths (per space, per bot) page newest first by id (UUIDv7).
  await knex.raw("CREATE INDEX audit_log_space_idx ON audit_log (space_id, id DESC) WHERE space_id IS NOT NULL");
  await knex.raw("CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, id DESC)");
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("audit_log");
}
