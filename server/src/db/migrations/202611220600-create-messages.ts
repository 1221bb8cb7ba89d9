import type { Knex } from "knex";

export async function up(knex: Knex) {
  // One table for user (E2E ciphertext), bot and service (plain content) messages; ids are UUIDv7, so
  // ordering and paging by id is ordering by time.
  await knex.schema.createTable("messages", (t) => {
    t.uuid("id").primary();
    t.uuid("space_id").notNullable().references("spaces.id").onDelete("CASCADE");
    t.uuid("channel_id").notNullable().references("channels.id").onDelete("CASCADE");
    // Null for service messages; kept (set null) when the author's account goes away.
    t.uuid("author_id").references("users.id").onDelete("SET NULL");
    t.text("kind").notNullable(); // user | bot | service
    t.text("ciphertext");
    t.text("content");
    t.bigInteger("epoch");
    t.uuid("reply_to");
    t.timestamp("deleted_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX messages_channel_id ON messages (channel_id, id DESC)");

  await knex.schema.createTable("reactions", (t) => {
    t.uuid("message_id").notNullable().references("messages.id").onDelete("CASCADE");
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("emoji").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["message_id", "user_id", "emoji"]);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("reactions");
  await knex.schema.dropTable("messages");
}
