// The UserResponse, built from a users row. Private fields only for the user's own record.
import type { components } from "../../../../generated/api.d.ts";

export type UserResponse = components["schemas"]["Users.UserResponse"];

export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  email_verified_at: Date | null;
  display_name: string | null;
  bio: string;
  default_avatar_index: number;
  is_bot: boolean;
  is_anonymous: boolean;
  is_admin: boolean;
  two_factor_enabled: boolean;
  created_at: Date;
}

export const USER_COLUMNS = [
  "id",
  "username",
  "email",
  "email_verified_at",
  "display_name",
  "bio",
  "default_avatar_index",
  "is_bot",
  "is_anonymous",
  "is_admin",
  "two_factor_enabled",
  "created_at",
] as const;

// A user's own record, built once per cached row (rows are replaced, never changed, when the user changes):
// /me is asked on every client start and poll, so its record is built once per row, not once per request.
const ownRecords = new WeakMap<UserRow, UserResponse>();

/** toUserResponse(u, true), the same object for the same row: callers must not change it. */
export function ownUserResponse(u: UserRow): UserResponse {
  let r = ownRecords.get(u);
  if (!r) ownRecords.set(u, (r = toUserResponse(u, true)));
  return r;
}

// The same record as JSON text, kept with the row like the object above: the bytes res.json would write for it.
const ownJson = new WeakMap<UserRow, string>();

/** JSON.stringify(ownUserResponse(u)), once per cached row. */
export function ownUserJson(u: UserRow): string {
  let t = ownJson.get(u);
  if (t === undefined) ownJson.set(u, (t = JSON.stringify(ownUserResponse(u))));
  return t;
}

export function toUserResponse(u: UserRow, self: boolean): UserResponse {
  const pub: UserResponse = {
    id: u.id,
    username: u.username,
    display_name: u.display_name,
    bio: u.bio,
    default_avatar_index: u.default_avatar_index,
    is_bot: u.is_bot,
    is_anonymous: u.is_anonymous,
    created_at: u.created_at.toISOString(),
  };
  if (!self) return pub;
  return {
    ...pub,
    email: u.email,
    email_verified: u.email_verified_at !== null,
    two_factor_enabled: u.two_factor_enabled,
    is_admin: u.is_admin,
  };
}

/** A random face for users who have none chosen. */
export const randomAvatarIndex = (): number => Math.floor(Math.random() * 8);
