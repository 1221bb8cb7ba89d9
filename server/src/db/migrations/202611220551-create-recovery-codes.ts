import type { Knex } from "knex";

export async function up(knex: Knex) {
  // 2FA recovery codes, hashed, each usable once.
  await knex.schema.createTable("recovery_codes", (t) => {
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.binary("hash").notNullable();
    t.timestamp("used_at", { useTz: true });
    t.primary(["user_id", "hash"]);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("recovery_codes");
}
