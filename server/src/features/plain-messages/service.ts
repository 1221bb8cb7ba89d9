// Bot messages and reactions. Every check goes through the bot's membership in the
// space (resolveBotInSpace / requireAccess), so the texts are those of docs/bots.md; sends are rate limited (docs/limits.md).
import type { Db } from "../../platform/db.ts";
import { notFound } from "../../platform/errors.ts";
import type { BotPrincipal } from "../bots/index.ts";
import { requireAccess, type InstallResolver } from "../installs/index.ts";
import { addReaction, findMessage, findMessageInSpace, softDeleteMessage } from "../messages/index.ts";
import { toMessageResponse, type MessageResponse } from "../messages/index.ts";
import { MESSAGE_SEND, type RateLimits } from "../ratelimits/index.ts";
import type { ChannelEvents } from "./channel-events.ts";
import { deleteScope } from "./rules.ts";
import { listPlainMessages } from "./store.ts";
import type { components } from "../../../../generated/api.d.ts";

type SendMessageRequest = components["schemas"]["Bot.SendMessageRequest"];

export class BotMessagesService {
  constructor(
    private db: Db,
    private installs: InstallResolver,
    private limits: RateLimits,
    private events: ChannelEvents,
  ) {}

  async send(bot: BotPrincipal, spaceId: string, channelId: string, body: SendMessageRequest): Promise<MessageResponse> {
    try {
      await this.installs.resolveBotInSpace(bot, spaceId, { channelId, scope: "messages.send" });
    } catch (err) {
      // Refused before the send limits: it still was a bot-API call (the middleware left that count to us).
      await this.limits.botCall(bot.id, MESSAGE_SEND);
      throw err;
    }
    const replyTo = body.reply_to?.toLowerCase() ?? null;
    // Lookups that do not depend on the limits run beside them (the send path is latency-bound); their
    // failures are observed below, after the limits have had their say.
    const listeners = this.events.listeners(spaceId, channelId, "message.created");
    const replied = replyTo ? findMessage(this.db, channelId, replyTo) : undefined;
    listeners.catch(() => {});
    replied?.catch(() => {});
    await this.limits.messageSend(bot.id, spaceId, channelId);
    if (replied && !(await replied)) throw notFound("message not found");
    return this.events.createMessage(
      { spaceId, channelId, authorId: bot.id, kind: "bot", content: body.content, replyTo },
      await listeners,
    );
  }

  /** Bot and service messages only: user messages are ciphertext meant for members, never for bots. */
  async list(bot: BotPrincipal, spaceId: string, channelId: string, opts: { limit: number; before?: string }): Promise<MessageResponse[]> {
    await this.installs.resolveBotInSpace(bot, spaceId, { channelId });
    const rows = await listPlainMessages(this.db, channelId, opts);
    return rows.map((r) => toMessageResponse(r, r.reactions ?? []));
  }

  /** Adding the same emoji again is a no-op: no error, no frame, no event. */
  async react(bot: BotPrincipal, spaceId: string, messageId: string, emoji: string): Promise<void> {
    const { install } = await this.installs.resolveBotInSpace(bot, spaceId);
    const message = await this.load(spaceId, messageId);
    requireAccess(install, { channelId: message.channel_id, scope: "messages.react" });
    const data = { message_id: message.id, channel_id: message.channel_id, emoji, user_id: bot.id };
    await this.events.changeMessage(
      message,
      (trx) => addReaction(trx, message.id, bot.id, emoji),
      { type: "reaction.added", spaceId, data },
      { type: "reaction:added", ...data, space_id: spaceId },
    );
  }

  async remove(bot: BotPrincipal, spaceId: string, messageId: string): Promise<void> {
    const { install } = await this.installs.resolveBotInSpace(bot, spaceId);
    const message = await this.load(spaceId, messageId);
    requireAccess(install, { channelId: message.channel_id, scope: deleteScope(message.author_id, bot.id) });
    const data = { message_id: message.id, channel_id: message.channel_id, author_id: message.author_id, deleted_by: bot.id };
    const deleted = await this.events.changeMessage(
      message,
      (trx) => softDeleteMessage(trx, message.id),
      { type: "message.deleted", spaceId, data },
      { type: "message:deleted", id: message.id, space_id: spaceId, channel_id: message.channel_id },
    );
    // Deleted by someone else since it was loaded.
    if (!deleted) throw notFound("message not found");
  }

  private async load(spaceId: string, messageId: string) {
    const message = await findMessageInSpace(this.db, spaceId, messageId);
    if (!message) throw notFound("message not found");
    return message;
  }
}
