// SQL of the command registry.
import type { Knex } from "knex";
import type { CommandOption, NormalizedCommand } from "./rules.ts";

export interface CommandRow {
  name: string;
  description: string;
  options: CommandOption[];
  version: number;
  enabled: boolean;
}

const COLUMNS = ["name", "description", "options", "version", "enabled"] as const;

export function listCommands(db: Knex, botId: string): Promise<CommandRow[]> {
  return db("commands").select(COLUMNS).where({ bot_user_id: botId }).orderBy("name");
}

/**
 * Takes the bot's row lock so concurrent registry writes of one bot apply one after the other; called inside
 * a transaction (inTransaction), which holds the lock until it ends.
 */
export async function lockRegistry(trx: Knex, botId: string): Promise<void> {
  await trx("bots").select("user_id").where({ user_id: botId }).forUpdate();
}

export async function deleteCommands(trx: Knex, botId: string, names: string[]): Promise<void> {
  if (names.length) await trx("commands").where({ bot_user_id: botId }).whereIn("name", names).delete();
}

export async function upsertCommands(trx: Knex, botId: string, rows: (NormalizedCommand & { version: number })[]): Promise<void> {
  if (!rows.length) return;
  await trx("commands")
    .insert(
      rows.map((r) => ({
        bot_user_id: botId,
        name: r.name,
        description: r.description,
        options: JSON.stringify(r.options),
        version: r.version,
      })),
    )
    .onConflict(["bot_user_id", "name"])
    .merge({
      description: trx.raw("excluded.description"),
      options: trx.raw("excluded.options"),
      version: trx.raw("excluded.version"),
      updated_at: trx.fn.now(),
    });
}

export async function deleteCommand(db: Knex, botId: string, name: string): Promise<boolean> {
  return (await db("commands").where({ bot_user_id: botId, name }).delete()) > 0;
}

export async function setEnabled(db: Knex, botId: string, name: string, enabled: boolean | undefined): Promise<CommandRow | undefined> {
  const change = enabled === undefined ? {} : { enabled };
  const [row] = await db("commands")
    .where({ bot_user_id: botId, name })
    .update({ ...change, updated_at: db.fn.now() })
    .returning<CommandRow[]>(COLUMNS);
  return row;
}
