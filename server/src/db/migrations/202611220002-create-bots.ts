import type { Knex } from "knex";

export async function up(knex: Knex) {
  await knex.schema.createTable("bots", (t) => {
    t.uuid("user_id").primary().references("users.id").onDelete("CASCADE");
    t.uuid("owner_id").notNullable().references("users.id").onDelete("CASCADE").index();
    // SHA-256 of the token; the token itself is shown once and never stored.
    t.binary("token_hash").notNullable().unique();
    t.text("description").notNullable().defaultTo("");
    t.text("state").notNullable().defaultTo("ACTIVE");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("bots");
}
