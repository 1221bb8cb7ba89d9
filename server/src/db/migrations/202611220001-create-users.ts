import type { Knex } from "knex";

export async function up(knex: Knex) {
  await knex.raw("CREATE EXTENSION IF NOT EXISTS citext");
  await knex.raw("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  await knex.schema.createTable("users", (t) => {
    t.uuid("id").primary();
    t.specificType("username", "citext").notNullable().unique();
    t.specificType("email", "citext").unique();
    t.timestamp("email_verified_at", { useTz: true });
    t.text("password_hash");
    t.text("display_name");
    t.text("bio").notNullable().defaultTo("");
    t.smallint("default_avatar_index").notNullable().defaultTo(0);
    t.boolean("is_bot").notNullable().defaultTo(false);
    t.boolean("is_anonymous").notNullable().defaultTo(false);
    t.boolean("is_admin").notNullable().defaultTo(false);
    t.text("totp_secret_enc");
    t.boolean("two_factor_enabled").notNullable().defaultTo(false);
    t.jsonb("settings").notNullable().defaultTo("{}");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("users");
}
