// The client conduct (docs/bots.md#client-conduct), in one fetch beneath openapi-fetch: retry only 429, at most 3 attempts
// in total, waiting `Retry-After` (seconds or HTTP-date) or 1.0 s; 5xx and every other status fail at once
// (conductFetch: as an ApiError; retryingFetch: as the answer itself); network errors propagate untouched; an
// abort ends a wait at once.
import { apiErrorInit, readBody } from "../../api-error/index.ts";
import { ApiError, RateLimitError } from "./errors.ts";
import { parseRetryAfter, sleep } from "./retry-after.ts";

/** A fetch that takes a Request (the global `fetch` fits). */
export type FetchLike = (input: Request) => Promise<Response>;

/** Attempts of one call in all, the first included, when the server keeps answering 429. */
export const MAX_ATTEMPTS = 3;
/** The wait before another attempt when a 429 answer has no `Retry-After`. */
export const DEFAULT_RETRY_DELAY_MS = 1000;

/**
 * The retry conduct alone: only 429 is retried, at most {@link MAX_ATTEMPTS} attempts, waiting `Retry-After`; the
 * last answer is returned whatever its status (`bot.api` reads a failure from it as openapi-fetch's `error`).
 */
export function retryingFetch(inner?: FetchLike): FetchLike {
  // Looked up per call, so a fetch patched after construction (tests, instrumentation) is used.
  const send: FetchLike = inner ?? ((req) => globalThis.fetch(req));
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      // A Request body can be read once; every attempt sends a fresh copy.
      const res = await send(attempt < MAX_ATTEMPTS ? request.clone() : request);
      if (res.status !== 429 || attempt >= MAX_ATTEMPTS) return res;
      const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
      // Drained, not cancelled: the connection goes back to the pool (and some fetch mocks never settle a cancel).
      await res.arrayBuffer().catch(() => undefined);
      await sleep(retryAfter === undefined ? DEFAULT_RETRY_DELAY_MS : retryAfter * 1000, request.signal);
    }
  };
}

/** Wraps `inner` (default: the global fetch) with the retry conduct: only 429 is retried, at most {@link MAX_ATTEMPTS} attempts, waiting `Retry-After`; any other non-2xx, and the last 429, throw an {@link ApiError}. */
export function conductFetch(inner?: FetchLike): FetchLike {
  const send = retryingFetch(inner);
  return async (request) => {
    const res = await send(request);
    if (res.ok) return res;
    // A 429 comes back only once every attempt was spent.
    const attempts = res.status === 429 ? MAX_ATTEMPTS : 1;
    throw await toError(request, res, attempts, parseRetryAfter(res.headers.get("retry-after")));
  };
}

async function toError(request: Request, res: Response, attempts: number, retryAfterSeconds: number | undefined): Promise<ApiError> {
  const init = apiErrorInit(res, await readBody(res), request.method, request.url);
  return res.status === 429 ? new RateLimitError({ ...init, attempts, retryAfterSeconds }) : new ApiError(init);
}
