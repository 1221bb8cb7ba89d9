// Plain-text (bot and service) messages and what they cause: the row, the webhook deliveries in the same
// transaction (outbox), then after commit the delivery jobs and the realtime frames to the channel's viewers.
// User messages never come through here: bots hear nothing of them (docs/webhooks.md#privacy).
import type { Knex } from "knex";
import type { Logger } from "../../platform/logger.ts";
import type { Frame, RealtimePublisher } from "../../platform/realtime/publisher.ts";
import type { Audience, AudienceHook } from "../installs/index.ts";
import type { MessageRow } from "../messages/index.ts";
import { insertPlainMessage } from "./store.ts";
import { toMessageResponse, type MessageResponse } from "../messages/index.ts";
import type { BotEvent, EventType, WebhookDispatcher } from "../webhooks/index.ts";

export interface PlainMessage {
  spaceId: string;
  channelId: string;
  /** null for service messages. */
  authorId: string | null;
  kind: "bot" | "service";
  content: string;
  replyTo: string | null;
}

const createdEventData = (m: MessageResponse) => ({
  message_id: m.id,
  channel_id: m.channel_id,
  author_id: m.author_id,
  author_is_bot: m.author_is_bot,
  content: m.content,
  reply_to: m.reply_to,
  created_at: m.created_at,
});

export class ChannelEvents {
  constructor(
    private db: Knex,
    private dispatcher: WebhookDispatcher,
    private realtime: RealtimePublisher,
    private log: Logger,
    private audience: Audience,
  ) {}

  /**
   * The webhooks for `type` of the bots that see the channel. Cached per process (installs/audience.ts, invalidated
   * on every process by each change to memberships, bots and webhooks): usually no round trip at all.
   */
  async listeners(spaceId: string, channelId: string, type: EventType): Promise<AudienceHook[]> {
    return (await this.audience.of(spaceId, channelId, type)).hooks;
  }

  /**
   * Writes the message and its `message.created` deliveries at once; announces it after commit.
   * `listeners`: from `listeners()` when the caller already asked.
   */
  async createMessage(msg: PlainMessage, listeners?: AudienceHook[]): Promise<MessageResponse> {
    const hooks = listeners ?? (await this.listeners(msg.spaceId, msg.channelId, "message.created"));
    // Nobody listens: a single (prepared) insert, no transaction round trips and no event to build (the usual
    // bot send). Otherwise the insert and the outbox rows in one transaction, with no read inside it (the
    // subscribers come from the audience).
    if (!hooks.length) {
      const message = toMessageResponse(await insertPlainMessage(this.db, msg));
      // The frame is published now (so frames keep the order of the sends) but not awaited: the row is committed,
      // and the response need not wait one more Redis round trip for the fan-out.
      void this.publishFrame(msg.spaceId, msg.channelId, { type: "message:created", ...message });
      return message;
    }
    let message!: MessageResponse;
    const deliveries = await this.db.transaction(async (trx: Knex) => {
      message = toMessageResponse(await insertPlainMessage(trx, msg));
      return this.dispatcher.recordFor(trx, { type: "message.created", spaceId: msg.spaceId, data: createdEventData(message) }, hooks);
    });
    // As above: started now, not awaited; the row and its outbox are committed.
    void this.afterCommit(deliveries, msg.spaceId, msg.channelId, { type: "message:created", ...message });
    return message;
  }

  /**
   * A change to an existing message (`change` answers whether anything changed), its event and its frame, all
   * only when it did. Bots hear of bot and service messages only; the frame goes to the channel's viewers.
   */
  async changeMessage(message: MessageRow, change: (trx: Knex) => Promise<boolean>, event: BotEvent, frame: Frame): Promise<boolean> {
    const hooks = message.kind === "user" ? [] : (await this.audience.of(message.space_id, message.channel_id, event.type)).hooks;
    const outcome = await this.db.transaction(async (trx) => {
      if (!(await change(trx))) return null;
      return this.dispatcher.recordFor(trx, event, hooks);
    });
    if (outcome === null) return false;
    await this.afterCommit(outcome, message.space_id, message.channel_id, frame);
    return true;
  }

  /** A channel-scoped event with no message row (voice.joined): recorded and queued at once. */
  async publish(spaceId: string, channelId: string, event: BotEvent): Promise<void> {
    const { hooks } = await this.audience.of(spaceId, channelId, event.type);
    if (hooks.length) await this.dispatcher.enqueue(await this.dispatcher.recordFor(this.db, event, hooks));
  }

  private async afterCommit(deliveries: string[], spaceId: string, channelId: string, frame: Frame): Promise<void> {
    // The change is committed: a queue or fan-out hiccup must not turn the request into an error. Deliveries
    // left pending are re-queued by the webhook worker on its next start.
    if (!deliveries.length) return this.publishFrame(spaceId, channelId, frame);
    await Promise.all([
      this.dispatcher.enqueue(deliveries).catch((err) => this.log.warn({ err: (err as Error).message }, "webhook enqueue failed")),
      this.publishFrame(spaceId, channelId, frame),
    ]);
  }

  /** The frame to the channel's viewers on every process; a failure is logged, never thrown (the change is committed). */
  private publishFrame(spaceId: string, channelId: string, frame: Frame): Promise<void> {
    return this.realtime
      .toSpace(spaceId, channelId, frame)
      .catch((err) => this.log.warn({ err: (err as Error).message, frame: frame.type }, "realtime publish failed"));
  }
}
