// TOTP two-factor authentication: the toggle flow, code checks, and the 5-minute login challenge.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../platform/db.ts";
import type { Kv } from "../../platform/kv.ts";
import type { Clock } from "../../platform/clock.ts";
import { open, seal } from "../../platform/crypto.ts";
import { badRequest } from "../../platform/errors.ts";
import type { Passwords } from "./passwords.ts";
import type { BruteForceGuard } from "./brute-force.ts";
import { looksLikeTotp, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash, totpStep } from "./totp.ts";
import * as store from "./two-factor-store.ts";
import type { UserRows } from "../users/index.ts";
import type { components } from "../../../../generated/api.d.ts";

type Toggle2FARequest = components["schemas"]["Auth.Toggle2FARequest"];
type Toggle2FAResponse = components["schemas"]["Auth.Toggle2FAResponse"];

const CHALLENGE_TTL_MS = 5 * 60_000;

/** What a login remembers between its password step and its code step. */
export interface Challenge {
  userId: string;
  /** A known (untrusted) device the login named, resumed once the code is given. */
  deviceId: string | null;
  deviceName: string | null;
}

export interface TwoFactorDeps {
  db: Db;
  kv: Kv;
  clock: Clock;
  dataKey: Buffer;
  passwords: Passwords;
  /** The password and the code of a toggle count like a login's (docs/limits.md#failed-logins). */
  bruteForce: BruteForceGuard;
  /** `two_factor_enabled` is on the cached row /me reads. */
  userRows: UserRows;
}

const sealContext = (userId: string) => `totp:${userId}`;
const challengeKey = (token: string) => `2fa:${createHash("sha256").update(token).digest("hex")}`;

export class TwoFactorService {
  constructor(private d: TwoFactorDeps) {}

  async toggle(userId: string, body: Toggle2FARequest, ip: string): Promise<Toggle2FAResponse> {
    const row = await store.findTwoFactor(this.d.db, userId);
    const counted = (check: () => Promise<boolean>) => this.d.bruteForce.attempt(userId, ip, check);
    if (!row || !(await counted(() => this.d.passwords.verify(row.password_hash, body.password, ip)))) throw badRequest("invalid password");
    if (body.enable) {
      if (row.two_factor_enabled) throw badRequest("two-factor authentication is already enabled");
      if (body.code === undefined) {
        const secret = newTotpSecret();
        await store.setPendingSecret(this.d.db, userId, seal(this.d.dataKey, secret, sealContext(userId)));
        return { enabled: false, secret, otpauth_uri: otpauthUri(secret, row.username) };
      }
      const code = body.code;
      if (!(await counted(() => this.checkTotp(row, code)))) throw badRequest("invalid code");
      const codes = newRecoveryCodes();
      await store.enable(this.d.db, userId, codes.map(recoveryCodeHash));
      await this.d.userRows.changed(userId);
      return { enabled: true, recovery_codes: codes };
    }
    const code = body.code;
    if (row.two_factor_enabled && !(code !== undefined && (await counted(() => this.checkCode(userId, code)))))
      throw badRequest("invalid code");
    await store.disable(this.d.db, userId);
    await this.d.userRows.changed(userId);
    return { enabled: false };
  }

  /**
   * A TOTP code of the user's secret, or one unused recovery code (spent by this call). With `once` (logins) a
   * TOTP code is accepted once only (RFC 6238 §5.2): a code seen on the wire cannot open a second session.
   */
  async checkCode(userId: string, code: string, once = false): Promise<boolean> {
    if (looksLikeTotp(code)) {
      const row = await store.findTwoFactor(this.d.db, userId);
      return Boolean(row?.two_factor_enabled) && this.checkTotp(row!, code, once);
    }
    return store.useRecoveryCode(this.d.db, userId, recoveryCodeHash(code));
  }

  async openChallenge(c: Challenge): Promise<string> {
    const token = `tf_${randomBytes(32).toString("base64url")}`;
    await this.d.kv.set(challengeKey(token), JSON.stringify(c), CHALLENGE_TTL_MS);
    return token;
  }

  async readChallenge(token: string): Promise<Challenge | null> {
    const raw = await this.d.kv.get(challengeKey(token));
    return raw ? (JSON.parse(raw) as Challenge) : null;
  }

  async closeChallenge(token: string): Promise<void> {
    await this.d.kv.del(challengeKey(token));
  }

  // Toggling is already behind the session and the password, so its codes are not recorded as used: the code
  // that confirms the setup still opens the next login.
  private async checkTotp(row: store.TwoFactorRow, code: string, once = false): Promise<boolean> {
    if (!row.totp_secret_enc) return false;
    const secret = open(this.d.dataKey, row.totp_secret_enc, sealContext(row.id));
    const step = await totpStep(secret, code, this.d.clock.now());
    if (step === null) return false;
    return once ? store.useTotpStep(this.d.db, row.id, step) : true;
  }
}
