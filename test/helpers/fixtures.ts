// Rows written straight to the database for tests that need a principal the API under test does not create.
import type { Knex } from "knex";
import { newId } from "../../server/src/platform/ids.ts";
import { hashBotToken, newBotToken } from "../../server/src/features/bots/tokens.ts";

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
