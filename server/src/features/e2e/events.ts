// Wiring of the Delivery Service to the rest of the server: membership changes become `e2e:membership` frames
// (so a member's client commits the matching Add or Remove), and revoked sessions lose their KeyPackages.
import type { Logger } from "../../platform/logger.ts";
import type { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import type { SpaceEvents } from "../spaces/index.ts";
import type { E2EService } from "./service.ts";

/** Hears every device-session revocation made by any process: SessionGuard.onRevoked, the one revocation signal. */
export type OnRevoked = (handler: (sessionIds: string[]) => void) => Promise<() => Promise<void>>;

export function publishE2EMembership(events: SpaceEvents, realtime: RealtimePublisher): void {
  events.on("member.joined", (e) =>
    realtime.toSpace(e.spaceId, null, { type: "e2e:membership", space_id: e.spaceId, user_id: e.userId, change: "joined" }),
  );
  events.on("member.left", (e) =>
    realtime.toSpace(e.spaceId, null, { type: "e2e:membership", space_id: e.spaceId, user_id: e.userId, change: e.reason }),
  );
}

/** Every process hears the revocation; the delete is idempotent, so it does not matter which one wins. */
export function dropRevokedKeyPackages(onRevoked: OnRevoked, e2e: E2EService, log: Logger): Promise<() => Promise<void>> {
  return onRevoked((ids) => {
    e2e.sessionsRevoked(ids).catch((err) => log.warn({ err: (err as Error).message }, "dropping revoked key packages failed"));
  });
}
