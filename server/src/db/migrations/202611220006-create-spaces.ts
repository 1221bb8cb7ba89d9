import type { Knex } from "knex";

export async function up(knex: Knex) {
  await knex.schema.createTable("spaces", (t) => {
    t.uuid("id").primary();
    t.text("name").notNullable();
    t.text("description").notNullable().defaultTo("");
    t.text("visibility").notNullable().defaultTo("private");
    t.uuid("owner_id").notNullable().references("users.id");
    t.text("invite_code").notNullable().unique();
    // Kept by the same statements that add and remove members, so it never drifts.
    t.integer("member_count").notNullable().defaultTo(0);
    t.timestamp("last_activity_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX spaces_name_trgm ON spaces USING gin (name gin_trgm_ops)");
  await knex.raw("CREATE INDEX spaces_public_members ON spaces (member_count DESC, id DESC) WHERE visibility = 'public'");
  await knex.raw("CREATE INDEX spaces_public_activity ON spaces (last_activity_at DESC, id DESC) WHERE visibility = 'public'");
  await knex.raw("CREATE INDEX spaces_public_created ON spaces (created_at DESC, id DESC) WHERE visibility = 'public'");

  await knex.schema.createTable("channels", (t) => {
    t.uuid("id").primary();
    t.uuid("space_id").notNullable().references("spaces.id").onDelete("CASCADE");
    t.text("name").notNullable();
    t.text("type").notNullable(); // text | voice
    t.text("topic");
    t.integer("position").notNullable().defaultTo(0);
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["space_id", "position"]);
  });

  // A member's id is the `member_id` of the API.
  await knex.schema.createTable("members", (t) => {
    t.uuid("id").primary();
    t.uuid("space_id").notNullable().references("spaces.id").onDelete("CASCADE");
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("role").notNullable().defaultTo("member"); // owner | admin | moderator | member
    t.text("nickname");
    t.text("display_role");
    t.timestamp("muted_until", { useTz: true });
    t.timestamp("joined_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(["space_id", "user_id"]);
    t.index(["user_id"]);
  });

  await knex.schema.createTable("join_requests", (t) => {
    t.uuid("id").primary();
    t.uuid("space_id").notNullable().references("spaces.id").onDelete("CASCADE");
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("message");
    t.text("status").notNullable().defaultTo("pending"); // pending | approved | rejected
    t.uuid("resolved_by");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("resolved_at", { useTz: true });
  });
  await knex.raw("CREATE UNIQUE INDEX join_requests_one_pending ON join_requests (space_id, user_id) WHERE status = 'pending'");
}

export async function down(knex: Knex) {
  for (const t of ["join_requests", "members", "channels", "spaces"]) await knex.schema.dropTable(t);
}
