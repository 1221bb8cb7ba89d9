// User access tokens (JWT HS256, 15 minutes) and opaque secrets (refresh tokens, device secrets).
import { randomBytes, webcrypto } from "node:crypto";
import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import { isUuid } from "../../platform/ids.ts";
import { Cache } from "../../platform/cache.ts";

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** A verified token's claims and when it expires (epoch ms). */
export interface VerifiedAccess {
  claims: AccessClaims;
  expMs: number;
}

export class AccessTokens {
  private key: Uint8Array;
  /** The same secret imported once for WebCrypto, so jose does not import it again on every verify. */
  private verifyKey: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens already verified, with their claims and expiry. A client sends the same access token for up to
   * 15 minutes, so the signature check runs once per token instead of once per request, and a request with a
   * known token is answered in the calling turn; each entry lives until its token expires (and expiry is checked
   * on every hit, too). Local to the process: a verified signature never changes; revocation is the session
   * guard's job, not this cache's.
   */
  private verified: Cache<VerifiedAccess>;

  constructor(
    secret: string,
    private now: () => number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.verifyKey = webcrypto.subtle.importKey("raw", this.key, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
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
   * The claims and when the token expires (epoch ms), or null for any token that is not ours and current. A token
   * seen before is answered in the calling turn (the realtime gateway and the auth middleware stay synchronous for
   * nearly every request); a new one is checked by jose, with HS256 the only algorithm accepted.
   */
  verify(token: string): VerifiedAccess | null | Promise<VerifiedAccess | null> {
    const hit = this.verified.hit(token)?.value;
    if (hit) return hit.expMs > this.now() ? hit : null;
    return this.verifyNew(token);
  }

  private async verifyNew(token: string): Promise<VerifiedAccess | null> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await this.verifyKey, {
        algorithms: ["HS256"],
        requiredClaims: ["sub", "exp"],
        currentDate: new Date(this.now()),
      }));
    } catch {
      return null;
    }
    const { sub, sid, exp } = payload;
    // Ids as the server issues them: the database compares them as uuid, so other text would fail there, not here.
    if (!isUuid(sub) || !isUuid(sid) || typeof exp !== "number") return null;
    const entry = { claims: { userId: sub, sessionId: sid }, expMs: exp * 1000 };
    this.verified.set(token, entry, Math.max(1, entry.expMs - this.now()));
    return entry;
  }
}

/** A random secret with a readable prefix, e.g. `rt_…` for refresh tokens. */
export const newSecret = (prefix: string): string => `${prefix}_${randomBytes(32).toString("base64url")}`;

export { sha256 } from "../../platform/crypto.ts";
