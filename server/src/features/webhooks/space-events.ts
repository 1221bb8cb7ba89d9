// Member events of a space become `member.joined` / `member.left` webhook events for the other bots installed
// there (a bot is not told of its own arrival: it gets `bot.installed`). Who hears of them comes from installs'
// cached audience, as for channel events. A change that wrote the deliveries in its own transaction
// (memberEventOutbox) has them queued here; any other is recorded after its commit.
import type { Knex } from "knex";
import type { Audience, AudienceHook } from "../installs/index.ts";
import type { MemberEventOutbox, MemberJoined, MemberLeft, SpaceEvents } from "../spaces/index.ts";
import type { BotEvent, WebhookDispatcher } from "./dispatcher.ts";

type MemberEvent = MemberJoined | MemberLeft;

const toBotEvent = (e: MemberEvent): BotEvent =>
  e.type === "member.joined"
    ? { type: e.type, spaceId: e.spaceId, data: { member_id: e.memberId, user_id: e.userId, role: e.role, joined_at: e.at.toISOString() } }
    : {
        type: e.type,
        spaceId: e.spaceId,
        data: { member_id: e.memberId, user_id: e.userId, reason: e.reason, left_at: e.at.toISOString() },
      };

/** The webhooks subscribed to `type` of the bots in the space: cached per process, usually no round trip. */
const listeners = async (audience: Audience, spaceId: string, type: MemberEvent["type"]): Promise<AudienceHook[]> =>
  (await audience.of(spaceId, undefined, type)).hooks;

/** The member the event is about is not told of it. */
const othersThan = (hooks: AudienceHook[], userId: string): AudienceHook[] => hooks.filter((h) => h.bot_user_id !== userId);

export function memberEventOutbox(dispatcher: WebhookDispatcher, audience: Audience): MemberEventOutbox {
  return {
    async prepare(spaceId, type, userId) {
      const hooks = othersThan(await listeners(audience, spaceId, type), userId);
      return { listened: hooks.length > 0, record: (trx, e) => dispatcher.recordFor(trx, toBotEvent(e), hooks) };
    },
  };
}

export function forwardSpaceEvents(db: Knex, events: SpaceEvents, dispatcher: WebhookDispatcher, audience: Audience): void {
  const forward = async (e: MemberEvent) => {
    if (e.outbox) return dispatcher.enqueue(e.outbox);
    const hooks = othersThan(await listeners(audience, e.spaceId, e.type), e.userId);
    await dispatcher.enqueue(await dispatcher.recordFor(db, toBotEvent(e), hooks));
  };
  events.on("member.joined", forward);
  events.on("member.left", forward);
}
