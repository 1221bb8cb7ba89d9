import type { Knex } from "knex";

export async function up(knex: Knex) {
  // The last TOTP time step accepted for the user: a code is accepted once only (RFC 6238 §5.2).
  await knex.schema.alterTable("users", (t) => {
    t.bigInteger("totp_last_step");
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("totp_last_step");
  });
}
