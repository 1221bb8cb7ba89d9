// User access tokens (JWT HS256, 15 minutes) and opaque secrets (refresh tokens, device secrets).
import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify, errors } from "jose";

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export class AccessTokens {
  private key: Uint8Array;
  constructor(secret: string, private now: () => number) {
    this.key = new TextEncoder().encode(secret);
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], currentDate: new Date(this.now()) });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }
}

/** A random secret with a readable prefix, e.g. `rt_…` for refresh tokens. */
export const newSecret = (prefix: string): string => `${prefix}_${randomBytes(32).toString("base64url")}`;

export const sha256 = (s: string): Buffer => createHash("sha256").update(s).digest();
