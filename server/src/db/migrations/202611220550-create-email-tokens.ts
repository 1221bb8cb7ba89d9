import type { Knex } from "knex";

export async function up(knex: Knex) {
  // Single-use e-mail tokens (verification, password reset), stored only as SHA-256 hashes.
  // `email` is the address the mail went to: a verification only counts while the account still has it.
  await knex.schema.createTable("email_tokens", (t) => {
    t.binary("hash").primary();
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE").index();
    t.text("purpose").notNullable();
    t.specificType("email", "citext").notNullable();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("email_tokens");
}
