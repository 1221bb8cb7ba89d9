// Member events of a space become `member.joined` / `member.left` webhook events for the other bots installed
// there (a bot is not told of its own arrival: it gets `bot.installed`). A change that wrote the deliveries in
// its own transaction (memberEventOutbox) has them queued here; any other is recorded after its commit.
import type { Knex } from "knex";
import type { MemberEventOutbox, MemberJoined, MemberLeft, SpaceEvents } from "../spaces/index.ts";
import { botsInSpace } from "../installs/index.ts";
import type { BotEvent, WebhookDispatcher } from "./dispatcher.ts";

const toBotEvent = (e: MemberJoined | MemberLeft): BotEvent =>
  e.type === "member.joined"
    ? { type: e.type, spaceId: e.spaceId, data: { member_id: e.memberId, user_id: e.userId, role: e.role, joined_at: e.at.toISOString() } }
    : { type: e.type, spaceId: e.spaceId, data: { member_id: e.memberId, user_id: e.userId, reason: e.reason, left_at: e.at.toISOString() } };

const audience = async (db: Knex, e: MemberJoined | MemberLeft) => (await botsInSpace(db, e.spaceId, undefined, e.type)).filter((id) => id !== e.userId);

export function memberEventOutbox(dispatcher: WebhookDispatcher): MemberEventOutbox {
  return { record: async (trx, e) => dispatcher.record(trx, toBotEvent(e), await audience(trx, e)) };
}

export function forwardSpaceEvents(db: Knex, events: SpaceEvents, dispatcher: WebhookDispatcher): void {
  const forward = async (e: MemberJoined | MemberLeft) => {
    if (e.outbox) await dispatcher.enqueue(e.outbox);
    else await dispatcher.publish(toBotEvent(e), await audience(db, e));
  };
  events.on("member.joined", forward);
  events.on("member.left", forward);
}
