// `Authorization: Bearer <access token>` for user routes: a valid JWT of a live session, or 401 `not authenticated`.
import type { Request, RequestHandler } from "express";
import { HttpError, unauthorized } from "../../platform/errors.ts";
import { authenticated } from "../../platform/http/authenticated.ts";
import type { AccessTokens, VerifiedAccess } from "./tokens.ts";
import type { SessionGuard } from "./sessions.ts";

export interface UserPrincipal {
  id: string;
  sessionId: string;
}

type SocketPrincipal = UserPrincipal & { expiresAt: number; live: Promise<boolean> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augmenting Express.Request is done through its global namespace
  namespace Express {
    interface Request {
      user?: UserPrincipal;
    }
  }
}

export class UserAuthenticator {
  constructor(
    private tokens: AccessTokens,
    private sessions: SessionGuard,
  ) {}

  /**
   * For the realtime gateway: the principal behind a valid access token and when the token expires (epoch ms), or
   * null, answered in the calling turn for a token seen before (a promise for a new one); `live` settles with the session check (read without touching `last_seen_at`, so a
   * connect storm writes nothing). The gateway subscribes the connection meanwhile and sends `ready` only once
   * `live` is true: one round trip alongside the other instead of after it.
   */
  resolveSocket(token: string): SocketPrincipal | null | Promise<SocketPrincipal | null> {
    const v = this.tokens.verify(token);
    return v instanceof Promise ? v.then((r) => this.socketPrincipal(r)) : this.socketPrincipal(v);
  }

  private socketPrincipal(v: VerifiedAccess | null): SocketPrincipal | null {
    if (!v) return null;
    const { userId, sessionId } = v.claims;
    return { id: userId, sessionId, expiresAt: v.expMs, live: this.sessions.check(sessionId, userId, { touch: false }) };
  }

  /**
   * The principal behind an `Authorization: Bearer` header, answered in the calling turn when the token and its
   * session are both cached (nearly every request: no promise, no microtask hop); a promise only when the token is
   * new or the session must be read.
   */
  authenticateNow(header: string | undefined): UserPrincipal | Promise<UserPrincipal> {
    if (!header || !/^Bearer /i.test(header)) throw unauthorized();
    const v = this.tokens.verify(header.slice(7).trim());
    return v instanceof Promise ? v.then((r) => this.principal(r)) : this.principal(v);
  }

  private principal(v: VerifiedAccess | null): UserPrincipal | Promise<UserPrincipal> {
    if (!v) throw unauthorized();
    const { userId, sessionId } = v.claims;
    const live = this.sessions.cached(sessionId, userId);
    if (live !== undefined) {
      if (!live) throw unauthorized();
      return { id: userId, sessionId };
    }
    return this.sessions.check(sessionId, userId).then((ok) => {
      if (!ok) throw unauthorized();
      return { id: userId, sessionId };
    });
  }
}

/** Requires a user; mount on every Bearer route. */
export function userAuth(auth: UserAuthenticator): RequestHandler {
  return authenticated(
    (header) => auth.authenticateNow(header),
    (req, user) => (req.user = user),
  );
}

/** The user `userAuth` found; takes any request, typed by the contract or not. */
export function currentUser(req: Pick<Request, "user">): UserPrincipal {
  if (!req.user) throw new HttpError(500, "user route mounted without user authentication");
  return req.user;
}
