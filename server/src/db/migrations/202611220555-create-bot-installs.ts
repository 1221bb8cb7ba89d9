import type { Knex } from "knex";

export async function up(knex: Knex) {
  // A bot's membership in a space. The row outlives an uninstall (state `revoked`), so a
  // re-install reactivates it and the bot keeps one history per space.
  await knex.schema.createTable("bot_installs", (t) => {
    t.uuid("space_id").notNullable().references("spaces.id").onDelete("CASCADE");
    t.uuid("bot_user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.uuid("member_id").notNullable();
    t.specificType("scopes", "text[]").notNullable().defaultTo("{}");
    t.specificType("allowed_channel_ids", "uuid[]").notNullable().defaultTo("{}");
    t.text("state").notNullable().defaultTo("ACTIVE"); // ACTIVE | suspended | revoked
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["space_id", "bot_user_id"]);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("bot_installs");
}
