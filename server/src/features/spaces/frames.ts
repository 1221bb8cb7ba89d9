// Realtime frames for membership changes (CONTRACT 5): `member:joined` / `member:left` to the space,
// published from the committed domain events.
import type { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import type { SpaceEvents } from "./events.ts";

export function publishMembershipFrames(events: SpaceEvents, realtime: RealtimePublisher): void {
  events.on("member.joined", (e) =>
    realtime.toSpace(e.spaceId, null, { type: "member:joined", space_id: e.spaceId, user_id: e.userId, member_id: e.memberId, role: e.role }),
  );
  events.on("member.left", (e) =>
    realtime.toSpace(e.spaceId, null, { type: "member:left", space_id: e.spaceId, user_id: e.userId, member_id: e.memberId, reason: e.reason }),
  );
}
