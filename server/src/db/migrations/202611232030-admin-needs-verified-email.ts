import type { Knex } from "knex";

// ADMIN_EMAILS makes an admin only once the address is verified (docs/configuration.md). Accounts that
// were made admins at register with an address nobody has confirmed lose it; verifying the address gives it back.
export async function up(knex: Knex) {
  await knex("users").where({ is_admin: true }).whereNull("email_verified_at").update({ is_admin: false });
}

export async function down() {
  // Nothing to restore: which of those accounts really held their address was never known.
}
