// User messages: stored and relayed as opaque ciphertext — never decoded, never logged, never
// given to bots — and announced to the channel's viewers over the realtime gateway.
import type { Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { LimiterFactory } from "../../platform/limiter.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import type { RealtimePublisher, Frame } from "../../platform/realtime/publisher.ts";
import { UserLimit, USER_LIMITS } from "../ratelimits/index.ts";
import { isMuted, requireChannel, requireMembership, touchActivity, type Membership } from "../spaces/index.ts";
import { findMessage, insertMessage, listMessages, reactionCounts, softDeleteMessage } from "./store.ts";
import { toMessageResponse, type MessageResponse } from "./view.ts";
import { canDeleteMessage } from "./rules.ts";

export interface PostMessage {
  ciphertext: string;
  reply_to?: string;
  epoch?: number;
}

/** A space's last activity is written at most this often, so busy channels do not contend on the space row. */
const ACTIVITY_RESOLUTION = "1 minute";

export class MessagesService {
  private sends: UserLimit | undefined;

  /** Without `limiters` (tests of the store alone) nothing is limited. */
  constructor(
    private db: Db,
    private realtime: RealtimePublisher,
    private clock: Clock,
    private log: Logger,
    limiters?: LimiterFactory,
  ) {
    this.sends = limiters && new UserLimit(limiters, USER_LIMITS.chatMessages, log, { retryAfterWindow: true });
  }

  async post(userId: string, spaceId: string, channelId: string, body: PostMessage): Promise<MessageResponse> {
    // Counted while the membership is read (one round trip fewer on the send path), answered before any write; a
    // caller who is not a member is told so first.
    const counted = this.sends?.hit(`${userId}:${channelId}`);
    counted?.catch(() => {}); // awaited below, unless access throws first
    const member = await this.access(userId, spaceId, channelId);
    await counted;
    if (isMuted(member, this.clock.now())) throw forbidden("you are muted");
    if (body.reply_to && !(await findMessage(this.db, channelId, body.reply_to))) throw notFound("message not found");
    const row = await insertMessage(this.db, {
      spaceId,
      channelId,
      authorId: userId,
      kind: "user",
      ciphertext: body.ciphertext,
      epoch: body.epoch ?? null,
      replyTo: body.reply_to ?? null,
    });
    const message = toMessageResponse(row);
    await Promise.all([this.touchSpace(spaceId), this.announce(spaceId, channelId, { type: "message:created", ...message })]);
    return message;
  }

  async list(userId: string, spaceId: string, channelId: string, opts: { limit?: number; before?: string }): Promise<MessageResponse[]> {
    await this.access(userId, spaceId, channelId);
    const rows = await listMessages(this.db, channelId, { limit: opts.limit ?? 50, before: opts.before });
    const reactions = await reactionCounts(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toMessageResponse(r, reactions.get(r.id)));
  }

  async remove(userId: string, spaceId: string, channelId: string, messageId: string): Promise<void> {
    const member = await this.access(userId, spaceId, channelId);
    const message = await findMessage(this.db, channelId, messageId);
    if (!message) throw notFound("message not found");
    if (!canDeleteMessage(message.author_id, userId, member.role)) throw forbidden("you cannot delete this message");
    if (!(await softDeleteMessage(this.db, messageId))) throw notFound("message not found");
    await this.announce(spaceId, channelId, { type: "message:deleted", id: messageId, space_id: spaceId, channel_id: channelId });
  }

  /** The caller's membership; 404 when not a member or when the channel is not in the space. */
  private async access(userId: string, spaceId: string, channelId: string): Promise<Membership> {
    const member = await requireMembership(this.db, spaceId, userId);
    await requireChannel(this.db, spaceId, channelId);
    return member;
  }

  private async announce(spaceId: string, channelId: string, frame: Frame): Promise<void> {
    // The message is stored: a fan-out failure must not turn the request into an error.
    await this.realtime
      .toSpace(spaceId, channelId, frame)
      .catch((err) => this.log.warn({ err: (err as Error).message, frame: frame.type }, "realtime publish failed"));
  }

  private async touchSpace(spaceId: string): Promise<void> {
    await touchActivity(this.db, spaceId, ACTIVITY_RESOLUTION);
  }
}
