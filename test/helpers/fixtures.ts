// Rows written straight to the database for tests that need a principal the API under test does not create.
import type { Knex } from "knex";
import { newId } from "../../server/src/platform/ids.ts";
import { hashBotToken, newBotToken } from "../../server/src/features/bots/index.ts";

export async function insertUser(db: Knex, username = `u_${newId().slice(-12)}`): Promise<{ id: string; username: string }> {
  const id = newId();
  await db("users").insert({ id, username });
  return { id, username };
}

export async function insertBot(db: Knex, state = "ACTIVE"): Promise<{ id: string; token: string; ownerId: string }> {
  const owner = await insertUser(db);
  const bot = await insertUser(db, `bot_${newId().slice(-12)}`);
  await db("users").where({ id: bot.id }).update({ is_bot: true });
  const token = newBotToken();
  await db("bots").insert({ user_id: bot.id, owner_id: owner.id, token_hash: hashBotToken(token), state });
  return { id: bot.id, token, ownerId: owner.id };
}

/**
 * A space with a `general` text and a `voice` voice channel, owned by `ownerId`, written straight to the
 * database (for tests of features that need a space while the spaces API is not the thing under test).
 */
export async function insertSpace(
  db: Knex,
  ownerId: string,
  opts: { visibility?: "public" | "private"; name?: string } = {},
): Promise<{ id: string; generalId: string; voiceId: string; ownerMemberId: string }> {
  const id = newId();
  const generalId = newId();
  const voiceId = newId();
  const ownerMemberId = newId();
  await db("spaces").insert({
    id,
    name: opts.name ?? `space ${id.slice(-6)}`,
    visibility: opts.visibility ?? "private",
    owner_id: ownerId,
    invite_code: id.replace(/-/g, "").slice(-10),
    member_count: 1,
  });
  await db("channels").insert([
    { id: generalId, space_id: id, name: "general", type: "text", position: 0 },
    { id: voiceId, space_id: id, name: "voice", type: "voice", position: 1 },
  ]);
  await db("members").insert({ id: ownerMemberId, space_id: id, user_id: ownerId, role: "owner" });
  return { id, generalId, voiceId, ownerMemberId };
}

/** Adds `userId` to a space with `role`, keeping member_count right. */
export async function insertMember(db: Knex, spaceId: string, userId: string, role = "member"): Promise<string> {
  const id = newId();
  await db("members").insert({ id, space_id: spaceId, user_id: userId, role });
  await db("spaces").where({ id: spaceId }).increment("member_count", 1);
  return id;
}
