// Domain rules of spaces and roles the schema cannot say. Pure functions.
import { randomInt } from "node:crypto";

export type Role = "owner" | "admin" | "moderator" | "member";

/** Highest first. */
export const ROLE_RANK: Record<Role, number> = { owner: 3, admin: 2, moderator: 1, member: 0 };

export const atLeast = (role: Role, min: Role): boolean => ROLE_RANK[role] >= ROLE_RANK[min];

/** Muted while `mutedUntil` is in the future (a mute ends by itself, see activeMuteUntil). */
export const isMuted = (m: { mutedUntil: Date | null }, now: number): boolean => m.mutedUntil !== null && m.mutedUntil.getTime() > now;

const INVITE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const INVITE_CODE_LENGTH = 10;

/** 10 characters of [A-Za-z0-9] from the CSPRNG (~59.5 bits): not guessable, not enumerable. */
export function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** `%` and `_` in a search string are literal characters, not wildcards. */
export const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
