import type { Knex } from "knex";

// MLS Delivery Service state (docs/e2e.md): public KeyPackages per device session, and per channel the current
// epoch + GroupInfo and the ordered commits. Everything is opaque base64 the server never parses.
export async function up(knex: Knex) {
  await knex.schema.createTable("e2e_key_packages", (t) => {
    t.bigIncrements("id").primary();
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.uuid("device_id").notNullable().references("sessions.id").onDelete("CASCADE");
    t.text("key_package").notNullable();
    t.boolean("last_resort").notNullable().defaultTo(false);
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Claims take the oldest one-time package of a device; at most one last-resort package per device.
  await knex.raw("CREATE INDEX e2e_key_packages_device ON e2e_key_packages (device_id, id) WHERE NOT last_resort");
  await knex.raw("CREATE UNIQUE INDEX e2e_key_packages_last_resort ON e2e_key_packages (device_id) WHERE last_resort");
  await knex.raw("CREATE INDEX e2e_key_packages_user ON e2e_key_packages (user_id)");

  await knex.schema.createTable("e2e_groups", (t) => {
    t.uuid("channel_id").primary().references("channels.id").onDelete("CASCADE");
    t.bigInteger("epoch").notNullable();
    t.text("group_info").notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable("e2e_commits", (t) => {
    t.uuid("channel_id").notNullable().references("channels.id").onDelete("CASCADE");
    // The epoch the commit moved the group to; the key makes a second winner of one epoch impossible.
    t.bigInteger("epoch").notNullable();
    t.text("commit").notNullable();
    t.uuid("sender_device_id").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["channel_id", "epoch"]);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("e2e_commits");
  await knex.schema.dropTable("e2e_groups");
  await knex.schema.dropTable("e2e_key_packages");
}
