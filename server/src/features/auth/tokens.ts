// User access tokens (JWT HS256, 15 minutes) and opaque secrets (refresh tokens, device secrets).
import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify, errors } from "jose";
import { Cache } from "../../platform/cache.ts";

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export class AccessTokens {
  private key: Uint8Array;
  /**
   * Tokens already verified, with their claims and expiry. A client sends the same access token for up to
   * 15 minutes, so the HMAC (and jose's per-call key import) runs once per token instead of once per request;
   * each entry lives until its token expires (and expiry is checked on every hit, too). Local to the process:
   * a verified signature never changes; revocation is the session guard's job, not this cache's.
   */
  private verified: Cache<{ claims: AccessClaims; expMs: number }>;

  constructor(secret: string, private now: () => number) {
    this.key = new TextEncoder().encode(secret);
    this.verified = new Cache({ name: "access-tokens", max: 20_000, ttlMs: ACCESS_TTL_SECONDS * 1000, clock: { now } });
  }

  sign(c: AccessClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ sid: c.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(c.userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims, or null for anything that is not a valid, unexpired token of ours. */
  async verify(token: string): Promise<AccessClaims | null> {
    const hit = this.verified.hit(token)?.value;
    if (hit) return hit.expMs > this.now() ? hit.claims : null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], currentDate: new Date(this.now()) });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      this.verified.set(token, { claims, expMs: payload.exp * 1000 }, Math.max(1, payload.exp * 1000 - this.now()));
      return claims;
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }
}

/** A random secret with a readable prefix, e.g. `rt_…` for refresh tokens. */
export const newSecret = (prefix: string): string => `${prefix}_${randomBytes(32).toString("base64url")}`;

export const sha256 = (s: string): Buffer => createHash("sha256").update(s).digest();
