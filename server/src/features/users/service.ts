// Profiles, default avatars, settings and anonymous accounts.
import type { Db } from "../../platform/db.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { PresenceService } from "../presence/index.ts";
import { ownUserResponse, randomAvatarIndex, toUserResponse, type UserResponse, type UserRow } from "./view.ts";
import { anonymousUsername, upgradeFields, NOT_ANONYMOUS } from "./rules.ts";
import { splitUpdate, withDefaults, type UserSettings, type UserSettingsUpdate } from "./settings.ts";
import * as store from "./store.ts";
import type { UserRows } from "./rows.ts";
import type { SignupLimit } from "./signups.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
type UserUpdateRequest = S["Users.UserUpdateRequest"];
type AnonymousRegisterResponse = S["Users.AnonymousRegisterResponse"];

/** A unique violation on users as the 409 it means (the email or the username is taken); any other error as is. */
export function accountClash(err: unknown): never {
  if (isUniqueViolation(err))
    throw conflict((err as { constraint?: string }).constraint?.includes("email") ? "email already registered" : "username already taken");
  throw err;
}

// What users needs of auth, as auth's own classes already provide it. The composition root hands them in, so the
// import arrow points one way: auth uses users (rows, view), users never imports auth.

/** What a new device session records of the client that asked for it. */
export interface SessionMeta {
  userAgent: string | null;
  ip: string;
}

/** Opens a device session for an account and issues its tokens (auth's `AuthService`). */
interface SessionOpener {
  finishLogin(user: UserRow, meta: SessionMeta): Promise<{ access_token: string; refresh_token: string }>;
}

/** Hashes a password under the shared bound on concurrent Argon2 work (auth's `Passwords`). */
interface PasswordHasher {
  /** `client`: the caller's address, whose share of the hashing slots this takes. */
  hash(password: string, client: string): Promise<string>;
}

export interface UsersDeps {
  db: Db;
  auth: SessionOpener;
  presence: PresenceService;
  /** Hashes an upgrade's password. */
  passwords: PasswordHasher;
  rows: UserRows;
  /** Sign-ups per client address, shared with auth's register. */
  signups: SignupLimit;
}

export class UsersService {
  constructor(private d: UsersDeps) {}

  async me(userId: string): Promise<UserResponse> {
    const u = await this.d.rows.find(userId);
    if (!u) throw notFound("user not found");
    return ownUserResponse(u);
  }

  async publicProfile(userId: string): Promise<UserResponse> {
    const u = await this.d.rows.find(userId);
    if (!u) throw notFound("user not found");
    return toUserResponse(u, false);
  }

  /** `client`: the caller's address (an upgrade hashes a password). */
  async update(userId: string, body: UserUpdateRequest, client: string): Promise<UserResponse> {
    const mode = upgradeFields(body);
    const patch: Record<string, unknown> = {};
    if (body.display_name !== undefined) patch.display_name = body.display_name;
    if (body.bio !== undefined) patch.bio = body.bio;
    if (body.username !== undefined) patch.username = body.username;
    if (mode === "upgrade") {
      // The cheap checks before the costly hash (the conditional update and the unique constraints still
      // decide races). A new address is unverified, so it makes no admin until verified.
      await this.upgradeAllowed(userId, body.email!, body.username!);
      patch.email = body.email;
      patch.password_hash = await this.d.passwords.hash(body.password!, client);
      patch.is_anonymous = false;
      patch.email_verified_at = null;
      patch.is_admin = false;
    }
    if (Object.keys(patch).length === 0) return this.me(userId);
    let row;
    try {
      row = await store.updateProfile(this.d.db, userId, patch, mode === "upgrade");
    } catch (err) {
      accountClash(err);
    }
    if (!row) {
      // Only the error path reads: was the account not anonymous, or gone?
      if (mode === "upgrade" && (await store.findUser(this.d.db, userId))) throw badRequest(NOT_ANONYMOUS);
      throw notFound("user not found");
    }
    await this.d.rows.changed(userId);
    return toUserResponse(row, true);
  }

  private async upgradeAllowed(userId: string, email: string, username: string): Promise<void> {
    const u = await store.findUser(this.d.db, userId);
    if (!u) throw notFound("user not found");
    if (!u.is_anonymous) throw badRequest(NOT_ANONYMOUS);
    if (await store.takenByOther(this.d.db, "username", username, userId)) throw conflict("username already taken");
    if (await store.takenByOther(this.d.db, "email", email, userId)) throw conflict("email already registered");
  }

  /** `null` stores a server-chosen random face. */
  async setDefaultAvatar(userId: string, index: number | null): Promise<void> {
    if (!(await store.setAvatar(this.d.db, userId, index ?? randomAvatarIndex()))) throw notFound("user not found");
    await this.d.rows.changed(userId);
  }

  async settings(userId: string): Promise<UserSettings> {
    const s = await store.readSettings(this.d.db, userId);
    if (!s) throw notFound("user not found");
    return withDefaults(s);
  }

  async updateSettings(userId: string, body: UserSettingsUpdate): Promise<UserSettings> {
    const { top, nested } = splitUpdate(body);
    const stored = await store.mergeSettings(this.d.db, userId, top, nested);
    if (!stored) throw notFound("user not found");
    // Settings are not part of the cached row today; dropping it keeps that true should they ever be.
    await this.d.rows.changed(userId);
    const show = nested.privacy?.show_presence;
    if (typeof show === "boolean") await this.d.presence.setHidden(userId, !show);
    return withDefaults(stored);
  }

  /** A real account without e-mail or password, and tokens of a first device session. */
  async registerAnonymous(meta: SessionMeta): Promise<AnonymousRegisterResponse> {
    await this.d.signups.admit(meta.ip);
    let user;
    for (let attempt = 0; ; attempt++) {
      try {
        user = await store.insertAnonymous(this.d.db, {
          id: newId(),
          username: anonymousUsername(),
          default_avatar_index: randomAvatarIndex(),
        });
        break;
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 3) throw err;
      }
    }
    const tokens = await this.d.auth.finishLogin(user, meta);
    return { ...toUserResponse(user, true), access_token: tokens.access_token, refresh_token: tokens.refresh_token };
  }
}
