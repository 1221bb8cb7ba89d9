// One error family, with sdk-client's ApiError (api-error/, bundled by the build; docs/errors.md): every non-2xx
// answer of the bot API becomes an ApiError carrying the HTTP status; network failures are never wrapped (they
// reach the caller as the fetch implementation threw them).
import { ApiError, type ApiErrorInit } from "../../api-error/index.ts";

export { ApiError, type ValidationIssue } from "../../api-error/index.ts";

/** The final 429 after the allowed attempts were spent. */
export class RateLimitError extends ApiError {
  override name = "RateLimitError";
  /** The server's `Retry-After` in seconds, when it sent one. */
  readonly retryAfterSeconds: number | undefined;
  /** Attempts made, the last one included. */
  readonly attempts: number;

  constructor(init: ApiErrorInit & { attempts: number; retryAfterSeconds?: number }) {
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
