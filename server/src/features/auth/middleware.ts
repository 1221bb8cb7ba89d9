// `Authorization: Bearer <access token>` for user routes: a valid JWT of a live session, or 401 `not authenticated`.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { HttpError, unauthorized } from "../../platform/errors.ts";
import type { AccessTokens } from "./tokens.ts";
import type { SessionGuard } from "./sessions.ts";

export interface UserPrincipal {
  id: string;
  sessionId: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: UserPrincipal;
    }
  }
}

export class UserAuthenticator {
  constructor(private tokens: AccessTokens, private sessions: SessionGuard) {}

  /**
   * For the realtime gateway: the principal and when its token expires (epoch ms), or null. Reads the session
   * without touching `last_seen_at`, so a connect storm writes nothing.
   */
  async resolveSocket(token: string): Promise<(UserPrincipal & { expiresAt: number }) | null> {
    const claims = await this.tokens.verify(token);
    if (!claims || !(await this.sessions.check(claims.sessionId, claims.userId, { touch: false }))) return null;
    // Verified above, so the payload is ours and well-formed.
    const exp = (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { exp: number }).exp;
    return { id: claims.userId, sessionId: claims.sessionId, expiresAt: exp * 1000 };
  }

  /** The principal behind an access token, or null. */
  async resolve(token: string): Promise<UserPrincipal | null> {
    const claims = await this.tokens.verify(token);
    if (!claims || !(await this.sessions.check(claims.sessionId, claims.userId))) return null;
    return { id: claims.userId, sessionId: claims.sessionId };
  }

  async authenticate(header: string | undefined): Promise<UserPrincipal> {
    if (!header || !/^Bearer /i.test(header)) throw unauthorized();
    const principal = await this.resolve(header.slice(7).trim());
    if (!principal) throw unauthorized();
    return principal;
  }
}

/** Requires a user; mount on every Bearer route. */
export function userAuth(auth: UserAuthenticator): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    req.user = await auth.authenticate(req.headers.authorization);
    next();
  };
}

export function currentUser(req: Request): UserPrincipal {
  if (!req.user) throw new HttpError(500, "user route mounted without user authentication");
  return req.user;
}
