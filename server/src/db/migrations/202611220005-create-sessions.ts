import type { Knex } from "knex";

export async function up(knex: Knex) {
  // One row per device session; its id is the `device_id` clients see.
  await knex.schema.createTable("sessions", (t) => {
    t.uuid("id").primary();
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("name");
    t.text("user_agent");
    t.binary("secret_hash").notNullable();
    t.boolean("trusted").notNullable().defaultTo(false);
    t.text("push_token");
    t.text("push_platform");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("last_seen_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("revoked_at", { useTz: true });
    t.index(["user_id"]);
  });
  // Every refresh token ever issued, hashed. A used one presented again reveals theft (reuse detection).
  await knex.schema.createTable("refresh_tokens", (t) => {
    t.binary("hash").primary();
    t.uuid("session_id").notNullable().references("sessions.id").onDelete("CASCADE").index();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true });
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("refresh_tokens");
  await knex.schema.dropTable("sessions");
}
