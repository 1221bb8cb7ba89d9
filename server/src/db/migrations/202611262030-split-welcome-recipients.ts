import type { Knex } from "knex";

// A Welcome is kept once per commit, with the device sessions it is for in a table of their own: a commit naming
// a thousand devices stores its (up to 512 KiB) Welcome once, not a thousand times. A claim takes a device's
// recipient rows by (device_id, welcome_id); the Welcome goes once no recipient is left (or by age, after 30 days).
export async function up(knex: Knex) {
  await knex.schema.createTable("e2e_welcome_recipients", (t) => {
    t.bigInteger("welcome_id").notNullable().references("e2e_welcomes.id").onDelete("CASCADE");
    t.uuid("device_id").notNullable().references("sessions.id").onDelete("CASCADE");
    t.primary(["device_id", "welcome_id"]);
    t.index(["welcome_id"]);
  });
  await knex.raw("INSERT INTO e2e_welcome_recipients (welcome_id, device_id) SELECT id, device_id FROM e2e_welcomes");
  await knex.schema.alterTable("e2e_welcomes", (t) => {
    t.dropIndex(["device_id", "id"]);
    t.dropColumn("device_id");
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable("e2e_welcomes", (t) => {
    t.uuid("device_id").references("sessions.id").onDelete("CASCADE");
  });
  // One row per recipient again: the first recipient keeps the stored row, the others get copies.
  await knex.raw(
    `WITH firsts AS (SELECT welcome_id, min(device_id::text)::uuid AS device_id FROM e2e_welcome_recipients GROUP BY welcome_id)
     UPDATE e2e_welcomes w SET device_id = f.device_id FROM firsts f WHERE f.welcome_id = w.id`,
  );
  await knex.raw(
    `INSERT INTO e2e_welcomes (device_id, channel_id, epoch, welcome, created_at)
     SELECT r.device_id, w.channel_id, w.epoch, w.welcome, w.created_at
       FROM e2e_welcome_recipients r JOIN e2e_welcomes w ON w.id = r.welcome_id AND w.device_id <> r.device_id`,
  );
  await knex("e2e_welcomes").whereNull("device_id").delete();
  await knex.schema.alterTable("e2e_welcomes", (t) => {
    t.dropNullable("device_id");
    t.index(["device_id", "id"]);
  });
  await knex.schema.dropTable("e2e_welcome_recipients");
}
