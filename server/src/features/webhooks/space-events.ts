// Member events of a space become `member.joined` / `member.left` webhook events for the bots installed there.
// They run after the change committed (SpaceEvents), so the deliveries are recorded in a transaction of their own.
import type { Knex } from "knex";
import type { SpaceEvents } from "../spaces/events.ts";
import { botsInSpace } from "../installs/index.ts";
import type { WebhookDispatcher } from "./dispatcher.ts";

export function forwardSpaceEvents(db: Knex, events: SpaceEvents, dispatcher: WebhookDispatcher): void {
  events.on("member.joined", async (e) => {
    const bots = (await botsInSpace(db, e.spaceId)).filter((id) => id !== e.userId);
    await dispatcher.publish({ type: "member.joined", spaceId: e.spaceId, data: { member_id: e.memberId, user_id: e.userId, role: e.role, joined_at: e.at.toISOString() } }, bots);
  });
  events.on("member.left", async (e) => {
    const bots = (await botsInSpace(db, e.spaceId)).filter((id) => id !== e.userId);
    await dispatcher.publish({ type: "member.left", spaceId: e.spaceId, data: { member_id: e.memberId, user_id: e.userId, reason: e.reason, left_at: e.at.toISOString() } }, bots);
  });
}
