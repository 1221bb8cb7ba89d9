// The bot command registry: full replacement with versioning, delete, enable.
import { inTransaction, type Db } from "../../platform/db.ts";
import { notFound } from "../../platform/errors.ts";
import { recordAudit } from "../audit/index.ts";
import { definitionChanged, normalizeName, normalizeRegistry } from "./rules.ts";
import * as store from "./store.ts";
import type { components } from "../../../../generated/api.d.ts";

type CommandResponse = components["schemas"]["Bot.CommandResponse"];
type PutCommandsRequest = components["schemas"]["Bot.PutCommandsRequest"];

const toResponse = (r: store.CommandRow): CommandResponse => ({
  name: r.name,
  description: r.description,
  options: r.options,
  version: r.version,
  enabled: r.enabled,
});

export class CommandsService {
  constructor(private db: Db) {}

  async list(botId: string): Promise<CommandResponse[]> {
    return (await store.listCommands(this.db, botId)).map(toResponse);
  }

  /** Replaces the registry: new commands start at version 1, changed ones go up by one, missing ones are deleted. */
  async replace(botId: string, body: PutCommandsRequest): Promise<CommandResponse[]> {
    const wanted = normalizeRegistry(body.commands);
    return inTransaction(this.db, async (trx) => {
      await store.lockRegistry(trx, botId);
      const existing = new Map((await store.listCommands(trx, botId)).map((r) => [r.name, r]));
      const changed = wanted.flatMap((c) => {
        const old = existing.get(c.name);
        if (!old) return [{ ...c, version: 1 }];
        return definitionChanged(c, old) ? [{ ...c, version: old.version + 1 }] : [];
      });
      const keep = new Set(wanted.map((c) => c.name));
      await store.deleteCommands(
        trx,
        botId,
        [...existing.keys()].filter((n) => !keep.has(n)),
      );
      await store.upsertCommands(trx, botId, changed);
      const result = await store.listCommands(trx, botId);
      await recordAudit(trx, {
        action: "command.register",
        actorId: botId,
        targetType: "bot",
        targetId: botId,
        data: { commands: result.map((r) => ({ name: r.name, version: r.version })) },
      });
      return result.map(toResponse);
    });
  }

  async remove(botId: string, rawName: string): Promise<void> {
    const name = normalizeName(rawName);
    await inTransaction(this.db, async (trx) => {
      if (!(await store.deleteCommand(trx, botId, name))) throw notFound("unknown command");
      await recordAudit(trx, { action: "command.delete", actorId: botId, targetType: "bot", targetId: botId, data: { name } });
    });
  }

  /** `enabled` absent (the PATCH body's one field is optional) leaves the command as it is. */
  async setEnabled(botId: string, rawName: string, enabled: boolean | undefined): Promise<CommandResponse> {
    const row = await store.setEnabled(this.db, botId, normalizeName(rawName), enabled);
    if (!row) throw notFound("unknown command");
    return toResponse(row);
  }
}
