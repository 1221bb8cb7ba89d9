// The token layer beneath openapi-fetch (the custom `fetch`): adds the Bearer token, and on a 401 renews the
// access token once with the refresh token and retries the request once. Concurrent 401s share one refresh,
// which matters because refresh tokens rotate and presenting a rotated one revokes the session.
import type { TokenResponse } from "./types.ts";

/** A value, or a promise of it. */
export type MaybePromise<T> = T | Promise<T>;
/** A fetch that takes a Request (the global `fetch` fits). */
export type FetchLike = (input: Request) => Promise<Response>;
/** Answers the access token to use (e.g. `() => client.freshAccessToken()`). */
export type TokenProvider = () => MaybePromise<string | null | undefined>;

export interface SessionOptions {
  baseUrl: string;
  /** A fixed access token. */
  token?: string;
  /** Asked for the access token before each request (ignored once this client obtained tokens itself). */
  tokenProvider?: TokenProvider;
  refreshToken?: string;
  /** Told about every token pair this client obtains (login, register, 2FA, refresh); errors it throws are ignored. */
  onTokens?: (tokens: TokenResponse) => MaybePromise<void>;
  fetch?: FetchLike;
}

/** Endpoints that take no user token: a 401 from them is an answer, never a reason to refresh. */
const ANONYMOUS = /\/api\/auth\/(login|login\/2fa|register|refresh)$/;

export class Session {
  private access: string | null;
  private refresh: string | null;
  private refreshing: Promise<string | null> | null = null;
  readonly base: FetchLike;

  constructor(private o: SessionOptions) {
    this.access = o.token ?? null;
    this.refresh = o.refreshToken ?? null;
    // Resolved per call, so that a fetch patched after construction (msw, polyfills) is used.
    this.base = o.fetch ?? ((req) => globalThis.fetch(req));
  }

  /** The tokens this client holds now. */
  tokens(): { accessToken: string | null; refreshToken: string | null } {
    return { accessToken: this.access, refreshToken: this.refresh };
  }

  /** The access token for the next request: our own if we obtained one, else the provider's, else the fixed one. */
  async accessToken(): Promise<string | null> {
    if (this.access) return this.access;
    return (await this.o.tokenProvider?.()) ?? null;
  }

  /**
   * An access token valid for at least `minValiditySeconds` more, refreshing first when the current one (a JWT)
   * expires sooner and a refresh token is at hand. Handy as a realtime `tokenProvider`.
   */
  async freshAccessToken(minValiditySeconds = 60): Promise<string | null> {
    const token = await this.accessToken();
    const exp = token ? jwtExpiry(token) : null;
    if (this.refresh && (!token || (exp !== null && exp - Date.now() / 1000 < minValiditySeconds))) {
      return (await this.renew(token)) ?? token;
    }
    return token;
  }

  /** Adopts a token pair obtained by this client and reports it. */
  async adopt(tokens: TokenResponse): Promise<void> {
    this.access = tokens.access_token;
    this.refresh = tokens.refresh_token;
    try {
      await this.o.onTokens?.(tokens);
    } catch {
      // The application's bookkeeping failing must not fail the request that produced the tokens.
    }
  }

  forget(): void {
    this.access = null;
    this.refresh = null;
  }

  readonly fetch: FetchLike = async (request) => {
    if (ANONYMOUS.test(new URL(request.url).pathname) || request.headers.has("authorization")) return this.base(request);
    const token = await this.accessToken();
    const spare = request.clone();
    if (token) request.headers.set("authorization", `Bearer ${token}`);
    const res = await this.base(request);
    if (res.status !== 401 || !this.refresh) return res;
    const fresh = await this.renew(token);
    // A failed refresh surfaces the original 401.
    if (!fresh) return res;
    void res.body?.cancel().catch(() => {});
    spare.headers.set("authorization", `Bearer ${fresh}`);
    return this.base(spare);
  };

  /** A new access token, or null. Shared by every caller while one refresh is in flight. */
  renew(failed: string | null): Promise<string | null> {
    // Someone else refreshed since this request was sent: use their token rather than rotate again.
    if (this.access && this.access !== failed) return Promise.resolve(this.access);
    this.refreshing ??= this.refreshOnce().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async refreshOnce(): Promise<string | null> {
    const refresh = this.refresh;
    if (!refresh) return null;
    let res: Response;
    try {
      res = await this.base(
        new Request(joinUrl(this.o.baseUrl, "/api/auth/refresh"), {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ refresh_token: refresh }),
        }),
      );
    } catch {
      return null;
    }
    if (!res.ok) {
      void res.body?.cancel().catch(() => {});
      // A refused refresh token stays refused: stop presenting it.
      if (res.status === 401 && this.refresh === refresh) this.refresh = null;
      return null;
    }
    const tokens = (await res.json()) as TokenResponse;
    await this.adopt(tokens);
    return tokens.access_token;
  }
}

function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, "") + path;
}

/** `exp` of a JWT in Unix seconds, read without verifying (the server verifies; we only plan ahead). */
function jwtExpiry(token: string): number | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(part.length / 4) * 4, "="),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp : null;
  } catch {
    return null;
  }
}
