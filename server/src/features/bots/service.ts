// Bot accounts: create, read, update, delete, token rotation, admin suspension, audit log.
// Every change of a token or a state goes through `BotAuthenticator.invalidate`, so it takes effect
// on every process at once.
import { inTransaction, type Db } from "../../platform/db.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { recordAudit } from "../audit/index.ts";
import { lockCreator, randomAvatarIndex } from "../users/index.ts";
import { checkBotQuota } from "./quota.ts";
import type { BotAuthenticator } from "./auth.ts";
import { hashBotToken, newBotToken } from "./tokens.ts";
import * as store from "./store.ts";
import type { UserRows } from "../users/index.ts";
import { botAuditLog, type AuditLogEntry } from "../audit/index.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
export type BotResponse = S["Bots.BotResponse"];
type CreateBotRequest = S["Bots.CreateBotRequest"];
type UpdateBotRequest = S["Bots.UpdateBotRequest"];

const toBotResponse = (b: store.BotRow): BotResponse => ({
  id: b.id,
  username: b.username,
  display_name: b.display_name,
  description: b.description === "" ? null : b.description,
  owner_id: b.owner_id,
  state: b.state,
  created_at: b.created_at.toISOString(),
});

/** Usernames are unique across users and bots; the citext unique index is the judge. */
async function usernameClash<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("username already taken");
    throw err;
  }
}

export class BotsService {
  /** `audience`: the cached audience of channel events (installs/audience.ts); a bot that is not ACTIVE hears nothing. */
  constructor(
    private db: Db,
    private auth: BotAuthenticator,
    private userRows?: UserRows,
    private audience?: { botChanged(botUserId: string): Promise<void> },
    /** Reads that may lag behind `db` (a streaming replica): the audit log. */
    private replica: Db = db,
  ) {}

  async create(ownerId: string, body: CreateBotRequest): Promise<{ bot: BotResponse; token: string }> {
    const token = newBotToken();
    const id = newId();
    await usernameClash(() =>
      inTransaction(this.db, async (trx) => {
        // The owner's row lock queues parallel creates, so the count cannot be passed by a burst.
        await lockCreator(trx, ownerId);
        checkBotQuota(await store.countLiveBots(trx, ownerId));
        await store.insertBot(trx, {
          id,
          username: body.username,
          displayName: body.display_name ?? null,
          description: body.description ?? "",
          ownerId,
          tokenHash: hashBotToken(token),
          avatarIndex: randomAvatarIndex(),
        });
        await recordAudit(trx, {
          action: "bot.create",
          actorId: ownerId,
          targetType: "bot",
          targetId: id,
          data: { username: body.username },
        });
      }),
    );
    return { bot: toBotResponse((await store.findBot(this.db, id))!), token };
  }

  async list(ownerId: string): Promise<BotResponse[]> {
    return (await store.listOwned(this.db, ownerId)).map(toBotResponse);
  }

  /** The bot if the caller owns it; anyone else is told it does not exist (404, not 403). */
  async owned(ownerId: string, botId: string): Promise<store.BotRow> {
    const bot = await store.findBot(this.db, botId);
    if (!bot || bot.owner_id !== ownerId) throw notFound("bot not found");
    return bot;
  }

  async get(ownerId: string, botId: string): Promise<BotResponse> {
    return toBotResponse(await this.owned(ownerId, botId));
  }

  async update(ownerId: string, botId: string, body: UpdateBotRequest): Promise<BotResponse> {
    await this.owned(ownerId, botId);
    await usernameClash(() =>
      inTransaction(this.db, (trx) =>
        store.updateProfile(trx, botId, {
          username: body.username,
          display_name: body.display_name,
          description: body.description === undefined ? undefined : (body.description ?? ""),
        }),
      ),
    );
    // A bot is a users row too: its public profile is cached with the others.
    await this.userRows?.changed(botId);
    return toBotResponse((await store.findBot(this.db, botId))!);
  }

  async remove(ownerId: string, botId: string): Promise<void> {
    const bot = await this.owned(ownerId, botId);
    if (bot.state === "deleted") return;
    await store.setState(this.db, botId, "deleted");
    await Promise.all([this.auth.invalidate(botId), this.audience?.botChanged(botId)]);
  }

  async rotateToken(ownerId: string, botId: string): Promise<{ token: string }> {
    const bot = await this.owned(ownerId, botId);
    if (bot.state === "deleted") throw badRequest("bot is deleted");
    const token = newBotToken();
    await inTransaction(this.db, async (trx) => {
      await store.setTokenHash(trx, botId, hashBotToken(token));
      await recordAudit(trx, { action: "bot.token_rotate", actorId: ownerId, targetType: "bot", targetId: botId });
    });
    await this.auth.invalidate(botId);
    return { token };
  }

  /** Service admins only; a deleted bot stays deleted. */
  async setSuspended(adminId: string, botId: string, suspended: boolean): Promise<BotResponse> {
    if (!(await store.isServiceAdmin(this.db, adminId))) throw forbidden("service admin only");
    const bot = await store.findBot(this.db, botId);
    if (!bot) throw notFound("bot not found");
    if (bot.state === "deleted") throw badRequest("bot is deleted");
    const state: store.BotState = suspended ? "suspended" : "ACTIVE";
    if (bot.state !== state) {
      await store.setState(this.db, botId, state);
      await Promise.all([this.auth.invalidate(botId), this.audience?.botChanged(botId)]);
    }
    return toBotResponse({ ...bot, state });
  }

  async auditLog(ownerId: string, botId: string, limit: number, before?: string): Promise<AuditLogEntry[]> {
    await this.owned(ownerId, botId);
    return botAuditLog(this.replica, botId, limit, before);
  }
}
