// The spaces feature as other features and the composition root see it. Nothing outside spaces/ imports its
// other files: membership questions, roles, space domain events, and the member-row writes that keep member_count exact.
export {
  findMembership,
  requireChannel,
  requireMember,
  requireMembership,
  requireRole,
  spaceIdsOfUsers,
  spaceWithRole,
  visibleSpace,
  type Channel,
  type Membership,
} from "./membership.ts";
export { ROLE_RANK, atLeast, isMuted, type Role } from "./rules.ts";
export { SpaceEvents, type BotKicks, type MemberEventOutbox, type MemberJoined, type MemberLeft } from "./events.ts";
export { removeMember, touchActivity, type MemberRow } from "./store.ts";
export { publishMembershipFrames } from "./frames.ts";
export { SpacesService } from "./service.ts";
export { spaceRoutes } from "./routes.ts";
