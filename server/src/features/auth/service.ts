// Accounts and device sessions (spec/auth/): register, login (with its 2FA step), refresh with
// rotation and reuse detection, logout, me, password change, availability checks.
import { inTransaction, type Db } from "../../platform/db.ts";
import { badRequest, conflict, notFound, unauthorized } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { Clock } from "../../platform/clock.ts";
import { ownUserJson, ownUserResponse, randomAvatarIndex, toUserResponse, type UserResponse, type UserRow } from "../users/index.ts";
import type { Passwords } from "./passwords.ts";
import { ACCESS_TTL_SECONDS, REFRESH_TTL_MS, newSecret, sha256, type AccessTokens } from "./tokens.ts";
import type { SessionGuard } from "./sessions.ts";
import type { TwoFactorService } from "./two-factor.ts";
import type { EmailFlows } from "./email-flows.ts";
import type { BruteForceGuard } from "./brute-force.ts";
import { usernameAllowed } from "./rules.ts";
import * as store from "./store.ts";
import { changePasswordHash } from "./email-store.ts";
import { accountClash, type SignupLimit, type UserRows } from "../users/index.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
export type TokenResponse = S["Auth.TokenResponse"];
type RegisterRequest = S["Auth.RegisterRequest"];
type LoginRequest = S["Auth.LoginRequest"];
type TwoFactorLoginRequest = S["Auth.TwoFactorLoginRequest"];
export type TwoFactorRequired = S["Auth.TwoFactorRequiredResponse"];

export interface ClientMeta {
  userAgent: string | null;
  deviceName?: string | null;
  /** The client's address (`req.ip`, so TRUST_PROXY applies), for brute-force counting. */
  ip: string;
}

export interface AuthDeps {
  db: Db;
  tokens: AccessTokens;
  sessions: SessionGuard;
  clock: Clock;
  adminEmails: string[];
  twoFactor: TwoFactorService;
  emails: EmailFlows;
  bruteForce: BruteForceGuard;
  passwords: Passwords;
  /** The cached users rows /me reads. */
  userRows: UserRows;
  /** Sign-ups per client address, shared with the anonymous register. */
  signups: SignupLimit;
}

export class AuthService {
  constructor(private d: AuthDeps) {}

  async me(userId: string): Promise<UserResponse> {
    const user = await this.d.userRows.find(userId);
    if (!user) throw notFound("user not found");
    return ownUserResponse(user);
  }

  /**
   * `me` as JSON text when the row is cached, without a promise (the hot path of GET /me); undefined means: ask
   * `me`. The text is kept with the cached row, so nothing is serialised per request.
   */
  meCachedJson(userId: string): string | undefined {
    const user = this.d.userRows.cached(userId);
    return user && ownUserJson(user);
  }

  async register(body: RegisterRequest, meta: ClientMeta): Promise<TokenResponse> {
    await this.d.signups.admit(meta.ip);
    // The cheap checks before the costly hash; the unique constraints still decide a race between two registers.
    if (await store.isTaken(this.d.db, "username", body.username)) throw conflict("username already taken");
    if (await store.isTaken(this.d.db, "email", body.email)) throw conflict("email already registered");
    const passwordHash = await this.d.passwords.hash(body.password, meta.ip);
    try {
      const out = await inTransaction(this.d.db, async (trx) => {
        const user = await store.insertUser(trx, {
          id: newId(),
          username: body.username,
          email: body.email,
          password_hash: passwordHash,
          display_name: body.display_name ?? null,
          default_avatar_index: randomAvatarIndex(),
          // An ADMIN_EMAILS address makes an admin only once verified (docs/configuration.md): see EmailFlows.verify.
          is_admin: false,
        });
        return this.openSession(trx, user, meta);
      });
      this.d.emails.verifyLater({ id: out.user.id, username: body.username, email: body.email });
      return out;
    } catch (err) {
      accountClash(err);
    }
  }

  /** Password step; answers tokens, or a 2FA challenge when 2FA is on and the device is not a trusted one. */
  async login(body: LoginRequest, meta: ClientMeta): Promise<TokenResponse | TwoFactorRequired> {
    const user = await store.findByLogin(this.d.db, body.login);
    // Read before the password check: a trusted device is exempt from the failure limits.
    const device = user ? await this.knownDevice(user.id, body.device_id, body.device_secret) : undefined;
    const known = await this.checkPassword(user, body, meta.ip, Boolean(device?.trusted));
    if (known.two_factor_enabled && !device?.trusted) {
      const token = await this.d.twoFactor.openChallenge({
        userId: known.id,
        deviceId: device?.id ?? null,
        deviceName: meta.deviceName ?? null,
      });
      return { requires_2fa: true, two_factor_token: token };
    }
    return this.finishLogin(known, meta, device);
  }

  /** Code step: a TOTP code or an unused recovery code for the challenge's account. */
  async login2fa(body: TwoFactorLoginRequest, meta: ClientMeta): Promise<TokenResponse> {
    const challenge = await this.d.twoFactor.readChallenge(body.two_factor_token);
    if (!challenge) throw unauthorized("invalid code");
    const ok = await this.d.bruteForce.attempt(challenge.userId, meta.ip, () =>
      this.d.twoFactor.checkCode(challenge.userId, body.code, true),
    );
    if (!ok) throw unauthorized("invalid code");
    await this.d.twoFactor.closeChallenge(body.two_factor_token);
    const user = await store.findUserById(this.d.db, challenge.userId);
    if (!user) throw unauthorized("invalid code");
    const s = challenge.deviceId ? await store.findSession(this.d.db, challenge.deviceId) : undefined;
    const device = s && s.user_id === user.id && !s.revoked_at ? s : undefined;
    return this.finishLogin(user, { ...meta, deviceName: challenge.deviceName }, device);
  }

  /** Checks the password under the brute-force limits; unknown user and wrong password cost the same. */
  private async checkPassword(
    user: store.CredentialRow | undefined,
    body: LoginRequest,
    ip: string,
    trusted: boolean,
  ): Promise<store.CredentialRow> {
    const account = user ? user.id : `login:${body.login.toLowerCase()}`;
    const ok = await this.d.bruteForce.attempt(
      account,
      ip,
      async () => (await this.d.passwords.verify(user?.password_hash, body.password, ip)) && Boolean(user),
      trusted,
    );
    if (!user || !ok) throw unauthorized("invalid credentials");
    return user;
  }

  /** Needs the current password (counted like a login's); ends every other session and outstanding reset link. */
  async changePassword(userId: string, sessionId: string, ip: string, current: string, next: string): Promise<void> {
    const user = await store.findCredentialsById(this.d.db, userId);
    if (!user || !(await this.d.bruteForce.attempt(userId, ip, () => this.d.passwords.verify(user.password_hash, current, ip))))
      throw badRequest("invalid password");
    const passwordHash = await this.d.passwords.hash(next, ip);
    await inTransaction(this.d.db, (trx) => changePasswordHash(trx, userId, passwordHash));
    await this.d.sessions.revoke(this.d.db, await store.liveSessionIds(this.d.db, userId, sessionId));
  }

  /** Free and acceptable at register (case-insensitive). */
  async usernameAvailable(username: string): Promise<boolean> {
    return usernameAllowed(username) && !(await store.isTaken(this.d.db, "username", username));
  }

  async emailAvailable(email: string): Promise<boolean> {
    return email.includes("@") && !(await store.isTaken(this.d.db, "email", email.trim()));
  }

  /** The device named by id + secret, if it is this user's and still open; a wrong secret is silently ignored. */
  async knownDevice(userId: string, deviceId?: string, deviceSecret?: string): Promise<store.SessionRow | undefined> {
    if (!deviceId || !deviceSecret) return undefined;
    const s = await store.findSession(this.d.db, deviceId);
    if (!s || s.user_id !== userId || s.revoked_at) return undefined;
    return s.secret_hash.equals(sha256(deviceSecret)) ? s : undefined;
  }

  /** Issues tokens, resuming `device` when given, otherwise opening a new device session. */
  async finishLogin(user: UserRow, meta: ClientMeta, device?: store.SessionRow): Promise<TokenResponse> {
    return inTransaction(this.d.db, async (trx) => {
      if (!device) return this.openSession(trx, user, meta);
      await store.dropUnusedRefreshTokens(trx, device.id);
      return this.tokensFor(trx, user, device.id);
    });
  }

  async refresh(refreshToken: string): Promise<TokenResponse> {
    const hash = sha256(refreshToken);
    const row = await store.findRefreshToken(this.d.db, hash);
    if (!row || row.revoked_at) throw unauthorized("invalid refresh token");
    if (row.used_at || !(await store.useRefreshToken(this.d.db, hash))) {
      // A rotated token came back: someone holds a copy. End the whole device session.
      await this.d.sessions.revoke(this.d.db, [row.session_id]);
      throw unauthorized("invalid refresh token");
    }
    if (row.expires_at.getTime() <= this.d.clock.now()) throw unauthorized("invalid refresh token");
    const user = await store.findUserById(this.d.db, row.user_id);
    if (!user) throw unauthorized("invalid refresh token");
    return this.tokensFor(this.d.db, user, row.session_id);
  }

  /** Ends the session of `refreshToken` when it is the caller's, else the caller's own session. */
  async logout(userId: string, sessionId: string, refreshToken?: string): Promise<void> {
    let target = sessionId;
    if (refreshToken) {
      const row = await store.findRefreshToken(this.d.db, sha256(refreshToken));
      if (row && row.user_id === userId) target = row.session_id;
    }
    await this.d.sessions.revoke(this.d.db, [target]);
  }

  private async openSession(trx: Db, user: UserRow, meta: ClientMeta): Promise<TokenResponse> {
    const deviceSecret = newSecret("ds");
    const id = newId();
    await store.insertSession(trx, {
      id,
      user_id: user.id,
      name: meta.deviceName ?? null,
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
      secret_hash: sha256(deviceSecret),
    });
    return { ...(await this.tokensFor(trx, user, id)), device_secret: deviceSecret };
  }

  private async tokensFor(db: Db, user: UserRow, sessionId: string): Promise<TokenResponse> {
    const refresh = newSecret("rt");
    await store.insertRefreshToken(db, sha256(refresh), sessionId, new Date(this.d.clock.now() + REFRESH_TTL_MS));
    return {
      access_token: await this.d.tokens.sign({ userId: user.id, sessionId }),
      refresh_token: refresh,
      token_type: "bearer",
      expires_in: ACCESS_TTL_SECONDS,
      device_id: sessionId,
      user: toUserResponse(user, true),
      requires_2fa: false,
    };
  }
}
