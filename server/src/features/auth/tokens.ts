// User access tokens (JWT HS256, 15 minutes) and opaque secrets (refresh tokens, device secrets).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
import { Cache } from "../../platform/cache.ts";
import { isUuid } from "../../platform/ids.ts";

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

  constructor(
    secret: string,
    private now: () => number,
  ) {
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

  /**
   * The claims and when the token expires (epoch ms), checked in the calling turn: the realtime gateway needs
   * both, and decoding the payload a second time for `exp` was a measurable part of a connect.
   */
  verifySync(token: string): { claims: AccessClaims; expMs: number } | null {
    const hit = this.verified.hit(token)?.value;
    if (hit) return hit.expMs > this.now() ? hit : null;
    const payload = this.checkHs256(token);
    if (!payload) return null;
    const entry = { claims: { userId: payload.sub, sessionId: payload.sid }, expMs: payload.exp * 1000 };
    this.verified.set(token, entry, Math.max(1, entry.expMs - this.now()));
    return entry;
  }

  /**
   * HS256 checked with node:crypto in the calling thread. jose's WebCrypto path imports the key and hops to the
   * libuv pool on every call: the largest CPU cost of a connect storm (thousands of first-seen tokens at once,
   * profiled). Same rules as jose for our tokens: three parts, a constant-time signature compare on the exact
   * text, header `alg` HS256 without `crit`, then `claimsOf`.
   */
  private checkHs256(token: string): { sub: string; sid: string; exp: number } | null {
    const parts = token.split(".");
    if (parts.length !== 3) return null;
    const [h, p, s] = parts as [string, string, string];
    const mac = createHmac("sha256", this.key).update(`${h}.${p}`).digest();
    const sig = Buffer.from(s, "base64url");
    if (sig.length !== mac.length || sig.toString("base64url") !== s || !timingSafeEqual(sig, mac)) return null;
    let header: { alg?: unknown; crit?: unknown };
    let payload: { sub?: unknown; sid?: unknown; exp?: unknown; nbf?: unknown };
    try {
      header = JSON.parse(Buffer.from(h, "base64url").toString("utf8"));
      payload = JSON.parse(Buffer.from(p, "base64url").toString("utf8"));
    } catch {
      return null;
    }
    if (header?.alg !== "HS256" || header.crit !== undefined) return null;
    return claimsOf(payload, Math.floor(this.now() / 1000));
  }
}

/**
 * The claims of a token whose signature holds, or null: `sub` and `sid` must be ids as the server issues them
 * (the database compares them as uuid, so any other text would fail there, not here), `exp` in the future, `nbf`
 * (if any) past.
 */
export function claimsOf(
  payload: { sub?: unknown; sid?: unknown; exp?: unknown; nbf?: unknown } | null,
  nowSeconds: number,
): { sub: string; sid: string; exp: number } | null {
  if (!isUuid(payload?.sub) || !isUuid(payload.sid) || typeof payload.exp !== "number") return null;
  if (payload.exp <= nowSeconds || (typeof payload.nbf === "number" && payload.nbf > nowSeconds)) return null;
  return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
}

/** A random secret with a readable prefix, e.g. `rt_…` for refresh tokens. */
export const newSecret = (prefix: string): string => `${prefix}_${randomBytes(32).toString("base64url")}`;

export { sha256 } from "../../platform/crypto.ts";
