// Domain rules of members the schema cannot say: who may act on whom. Pure functions.
import { ROLE_RANK, atLeast, type Role } from "../spaces/index.ts";

/** The rank rule: kick, mute and unmute act only on members of lower rank than the caller. */
export const outranks = (actor: Role, target: Role): boolean => ROLE_RANK[actor] > ROLE_RANK[target];

/**
 * Why a role change is refused, or null when allowed. Only admins and the owner change roles; nobody changes
 * the owner's role (`owner` is never given: the schema has no such value); an admin cannot change another admin.
 */
export function roleChangeRefusal(actor: Role, target: Role): string | null {
  if (!atLeast(actor, "admin")) return "insufficient permissions";
  if (target === "owner") return "cannot change the owner's role";
  if (actor === "admin" && target === "admin") return "an admin cannot change another admin";
  return null;
}

/** Nickname: moderators and above, or the member itself. */
export const mayEditNickname = (actor: Role, self: boolean): boolean => self || atLeast(actor, "moderator");

/** Display role: admins and the owner, or the member itself. */
export const mayEditDisplayRole = (actor: Role, self: boolean): boolean => self || atLeast(actor, "admin");

/** A mute ends by itself: it is computed against the clock at read time, never flipped by a timer. */
export const activeMuteUntil = (mutedUntil: Date | null, now: number): Date | null =>
  mutedUntil !== null && mutedUntil.getTime() > now ? mutedUntil : null;
