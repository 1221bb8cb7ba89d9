import type { Knex } from "knex";

export async function up(knex: Knex) {
  await knex.schema.createTable("webhooks", (t) => {
    t.uuid("id").primary();
    t.uuid("bot_user_id").notNullable().references("bots.user_id").onDelete("CASCADE");
    t.text("url").notNullable();
    t.specificType("events", "text[]").notNullable();
    // Sealed with DATA_KEY (platform/crypto.ts): the server must read secrets back to sign.
    t.text("secret_enc").notNullable();
    t.text("previous_secret_enc");
    t.timestamp("previous_until", { useTz: true });
    t.text("state").notNullable().defaultTo("active"); // active | suspended
    t.timestamp("suspended_until", { useTz: true });
    t.integer("consecutive_failures").notNullable().defaultTo(0);
    t.integer("failure_count").notNullable().defaultTo(0);
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["bot_user_id"]);
  });
  // The outbox: one row per (event, webhook), written in the transaction that made the event.
  await knex.schema.createTable("deliveries", (t) => {
    t.uuid("id").primary(); // the delivery id receivers see (X-Service-Delivery), the same on every attempt
    t.uuid("webhook_id").notNullable().references("webhooks.id").onDelete("CASCADE");
    t.text("type").notNullable();
    // The exact bytes sent on every attempt.
    t.text("body").notNullable();
    t.text("status").notNullable(); // pending | delivered | failed | skipped
    t.integer("attempts").notNullable().defaultTo(0);
    t.integer("last_status_code");
    t.text("last_error");
    t.timestamp("next_attempt_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("finished_at", { useTz: true });
    t.index(["webhook_id", "id"]);
  });
  await knex.raw("CREATE INDEX deliveries_pending ON deliveries (created_at) WHERE status = 'pending'");
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("deliveries");
  await knex.schema.dropTable("webhooks");
}
