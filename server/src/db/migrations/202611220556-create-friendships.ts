import type { Knex } from "knex";

// A pending request is one row (requester → target, 'pending'); a friendship is two 'accepted' rows,
// one per direction, so "my friends" and "my outgoing requests" are both a primary-key prefix scan.
export async function up(knex: Knex) {
  await knex.schema.createTable("friendships", (t) => {
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.uuid("friend_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("state").notNullable(); // pending | accepted
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["user_id", "friend_id"]);
    t.index(["friend_id", "state"]);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable("friendships");
}
