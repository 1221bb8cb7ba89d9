// One error family, with sdk-client's field names (docs/errors.md): every non-2xx answer of the bot
// API becomes an ApiError carrying the HTTP status;
// network failures are never wrapped (they reach the caller as the fetch implementation threw them).

import type { components } from "./api-types.ts";

/** One entry of a 422 body. */
export type ValidationIssue = components["schemas"]["ValidationIssue"];

export interface ApiErrorInit {
  status: number;
  detail: string;
  errors?: ValidationIssue[];
  requestId?: string | null;
  method: string;
  url: string;
  retryAfterSeconds?: number;
}

/** A non-2xx answer of the bot API, with the server's `status`, `detail`, `errors` and request id. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  /** The server's `detail` text (every error body has one), or the status text when the body had none. */
  readonly detail: string;
  /** The 422 list of what failed; empty otherwise. */
  readonly errors: ValidationIssue[];
  /** `X-Request-Id` of the answer, for support requests and log searches. */
  readonly requestId: string | null;
  readonly method: string;
  readonly url: string;

  constructor(init: ApiErrorInit) {
    super(`${init.method} ${init.url} → ${init.status}: ${init.detail}`);
    this.status = init.status;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId ?? null;
    this.method = init.method;
    this.url = init.url;
  }
}

/** The final 429 after the allowed attempts were spent. */
export class RateLimitError extends ApiError {
  override name = "RateLimitError";
  /** The server's `Retry-After` in seconds, when it sent one. */
  readonly retryAfterSeconds: number | undefined;
  /** Attempts made, the last one included. */
  readonly attempts: number;

  constructor(init: ApiErrorInit & { attempts: number }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.attempts = init.attempts;
  }
}

/** A webhook request that must not be trusted (bad or missing signature, stale timestamp, parsed body). */
export class SignatureVerificationError extends Error {
  override name = "SignatureVerificationError";
}

/** A command declaration refused locally, with the text the server would answer (a 400 before any request). */
export class CommandValidationError extends Error {
  override name = "CommandValidationError";
}
