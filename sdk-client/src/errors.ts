// One error class for every non-2xx answer of the API (error bodies: `{detail}`, plus `errors` on 422).
// Its fields are those of sdk-bot's ApiError, name for name (docs/errors.md).
// Network failures are not wrapped: they reach the caller as the fetch implementation raised them.
import type { ValidationIssue } from "./types.ts";

/** A non-2xx answer of the API, with the server's `status`, `detail`, `errors` (422) and request id. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status of the answer. */
  readonly status: number;
  /** The server's `detail` text (every error body has one), or the status text when the body had none. */
  readonly detail: string;
  /** What failed validation, on a 422; empty otherwise. */
  readonly errors: ValidationIssue[];
  /** The `X-Request-Id` of the answer, to quote when reporting a problem. */
  readonly requestId: string | null;
  /** The parsed body as received (JSON, text, or undefined when empty). */
  readonly body: unknown;
  /** Method of the request that failed. */
  readonly method: string;
  /** URL of the request that failed. */
  readonly url: string;

  constructor(init: {
    status: number;
    detail: string;
    errors?: ValidationIssue[];
    requestId?: string | null;
    body?: unknown;
    method: string;
    url: string;
  }) {
    super(`${init.method} ${pathOf(init.url)} → ${init.status}: ${init.detail}`);
    this.status = init.status;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId ?? null;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
  }

  /** Builds the error from an answer whose body was already parsed (openapi-fetch's `error`). */
  static fromParsed(response: Response, body: unknown, method: string): ApiError {
    const obj = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const detail =
      typeof obj.detail === "string"
        ? obj.detail
        : typeof body === "string" && body
          ? body.slice(0, 200)
          : response.statusText || `HTTP ${response.status}`;
    return new ApiError({
      status: response.status,
      detail,
      errors: Array.isArray(obj.errors) ? (obj.errors.filter(isIssue) as ValidationIssue[]) : [],
      requestId: response.headers.get("x-request-id"),
      body,
      method,
      url: response.url,
    });
  }

  /** Builds the error from an answer whose body is still unread. */
  static async fromResponse(response: Response, method: string): Promise<ApiError> {
    const text = await response.text().catch(() => "");
    let body: unknown = text || undefined;
    try {
      if (text) body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return ApiError.fromParsed(response, body, method);
  }
}

/** Whether `err` is an {@link ApiError} (also one from another copy of this package). */
export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

function isIssue(v: unknown): boolean {
  return typeof v === "object" && v !== null && typeof (v as { message?: unknown }).message === "string";
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
