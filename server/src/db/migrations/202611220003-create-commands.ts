import type { Knex } from "knex";

export async function up(knex: Knex) {
  await knex.schema.createTable("commands", (t) => {
    t.uuid("bot_user_id").notNullable().references("bots.user_id").onDelete("CASCADE");
    t.text("name").notNullable();
    t.text("description").notNullable();
    t.jsonb("options").notNullable();
    t.integer("version").notNullable();
    t.boolean("enabled").notNullable().defaultTo(true);
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["bot_user_id", "name"]);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("commands");
}
