// Domain rules of spaces and members the schema cannot say (CONTRACT 4, spec 4.4). Pure functions.
import { randomInt } from "node:crypto";
import { ROLE_RANK, atLeast, type Role } from "./access.ts";

const INVITE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const INVITE_CODE_LENGTH = 10;

/** 10 characters of [A-Za-z0-9] from the CSPRNG (~59.5 bits): not guessable, not enumerable. */
export function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

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

/** `%` and `_` in a search string are literal characters, not wildcards. */
export const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
