// The one error family of the service. Thrown (or returned) by features, rendered once by the HTTP layer as {detail}.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = "not authenticated") => new HttpError(401, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail = "not found") => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unavailable = (detail: string) => new HttpError(503, detail);

/** The 429 `detail` of every limit whose store did not answer (fail closed): one text for code and tests. */
export const LIMITER_UNAVAILABLE = "rate limiter temporarily unavailable — retry shortly";

/**
 * A 429, typed by why: a limit used up, or (`limiterDown`) a limiter whose store did not answer (fail
 * closed, docs/limits.md#fail-closed). Callers that treat the two apart (metrics) test the field, never the `detail` text.
 */
export class TooManyRequests extends HttpError {
  constructor(
    detail: string,
    retryAfterSeconds: number | undefined,
    readonly limiterDown: boolean,
  ) {
    super(429, detail, retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) });
  }
}

/** The fail-closed 429: the limiter's store did not answer. */
export const limiterUnavailable = (retryAfterSeconds?: number) => new TooManyRequests(LIMITER_UNAVAILABLE, retryAfterSeconds, true);

/** A limit used up. */
export const tooManyRequests = (detail: string, retryAfterSeconds?: number) => new TooManyRequests(detail, retryAfterSeconds, false);
