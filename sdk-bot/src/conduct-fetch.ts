// The client conduct (docs/bots.md#client-conduct), in one fetch beneath openapi-fetch: retry only 429, at most 3 attempts
// in total, waiting `Retry-After` (seconds or HTTP-date) or 1.0 s; 5xx and every other status fail at once
// as an ApiError; network errors propagate untouched; an abort ends a wait at once.
import { ApiError, RateLimitError, type ValidationIssue } from "./errors.ts";
import { parseRetryAfter, sleep } from "./retry-after.ts";

/** A fetch that takes a Request (the global `fetch` fits). */
export type FetchLike = (input: Request) => Promise<Response>;

/** Attempts of one call in all, the first included, when the server keeps answering 429. */
export const MAX_ATTEMPTS = 3;
/** The wait before another attempt when a 429 answer has no `Retry-After`. */
export const DEFAULT_RETRY_DELAY_MS = 1000;

/** Wraps `inner` (default: the global fetch) with the retry conduct: only 429 is retried, at most {@link MAX_ATTEMPTS} attempts, waiting `Retry-After`. */
export function conductFetch(inner?: FetchLike): FetchLike {
  // Looked up per call, so a fetch patched after construction (tests, instrumentation) is used.
  const send: FetchLike = inner ?? ((req) => globalThis.fetch(req));
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      // A Request body can be read once; every attempt sends a fresh copy.
      const res = await send(attempt < MAX_ATTEMPTS ? request.clone() : request);
      if (res.ok) return res;
      const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
      if (res.status !== 429 || attempt >= MAX_ATTEMPTS) throw await toError(request, res, attempt, retryAfter);
      // Drained, not cancelled: the connection goes back to the pool (and some fetch mocks never settle a cancel).
      await res.arrayBuffer().catch(() => undefined);
      await sleep(retryAfter === undefined ? DEFAULT_RETRY_DELAY_MS : retryAfter * 1000, request.signal);
    }
  };
}

interface ErrorBody {
  detail?: unknown;
  errors?: unknown;
}

async function toError(request: Request, res: Response, attempts: number, retryAfterSeconds: number | undefined): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    const parsed: unknown = JSON.parse(await res.text());
    if (parsed && typeof parsed === "object") body = parsed;
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): the status text stands in for `detail`.
  }
  const init = {
    status: res.status,
    detail: typeof body.detail === "string" ? body.detail : res.statusText || `HTTP ${res.status}`,
    errors: Array.isArray(body.errors) ? (body.errors as ValidationIssue[]) : [],
    requestId: res.headers.get("x-request-id"),
    method: request.method,
    url: request.url,
    retryAfterSeconds,
  };
  return res.status === 429 ? new RateLimitError({ ...init, attempts }) : new ApiError(init);
}
