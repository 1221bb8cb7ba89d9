import type { Knex } from "knex";

// Welcomes kept for the device sessions a commit names (docs/e2e.md#welcomes), so a device that was offline when it was
// added joins by its Welcome once it connects. Ciphertext only; deleted when claimed, or after 30 days by the
// retention job. Claims take a device's rows by (device_id, id).
export async function up(knex: Knex) {
  await knex.schema.createTable("e2e_welcomes", (t) => {
    t.bigIncrements("id").primary();
    t.uuid("device_id").notNullable().references("sessions.id").onDelete("CASCADE");
    t.uuid("channel_id").notNullable().references("channels.id").onDelete("CASCADE");
    t.bigInteger("epoch").notNullable();
    t.text("welcome").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["device_id", "id"]);
    t.index(["created_at"]);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("e2e_welcomes");
}
