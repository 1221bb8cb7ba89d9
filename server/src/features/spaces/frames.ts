// Realtime frames for membership changes: `member:joined` / `member:left` to the space, and
// `space:deleted` to its members, published from the committed domain events. A `space:deleted` frame also makes
// every gateway drop the space from its sockets' subscriptions at once (the registry acts on it).
import type { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import type { SpaceEvents } from "./events.ts";

export function publishMembershipFrames(events: SpaceEvents, realtime: RealtimePublisher): void {
  events.on("member.joined", (e) =>
    realtime.toSpace(e.spaceId, null, {
      type: "member:joined",
      space_id: e.spaceId,
      user_id: e.userId,
      member_id: e.memberId,
      role: e.role,
    }),
  );
  events.on("member.left", (e) =>
    realtime.toSpace(e.spaceId, null, {
      type: "member:left",
      space_id: e.spaceId,
      user_id: e.userId,
      member_id: e.memberId,
      reason: e.reason,
    }),
  );
  // One publish whatever the size; a socket whose process was still loading its spaces then heals by the refresh.
  events.on("space.deleted", (e) => realtime.toSpace(e.spaceId, null, { type: "space:deleted", space_id: e.spaceId }));
}
