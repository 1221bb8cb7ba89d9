// The ApiError of both SDKs, one source: sdk-client and sdk-bot re-export it, and each SDK's build bundles this
// folder into its dist/ (scripts/build-sdk.mjs), so the published packages stay self-contained while their errors
// keep one shape (docs/errors.md). Network failures are never wrapped: they reach the caller as fetch threw them.
import type { components } from "../generated/api.d.ts";

/** One entry of a 422 body: which part of the request broke the schema, and how. */
export type ValidationIssue = components["schemas"]["ValidationIssue"];

/** What an {@link ApiError} is built from. */
export interface ApiErrorInit {
  /** HTTP status of the answer. */
  status: number;
  /** The server's `detail` text. */
  detail: string;
  /** What failed validation, on a 422. */
  errors?: ValidationIssue[];
  /** The `X-Request-Id` of the answer. */
  requestId?: string | null;
  /** The parsed body as received. */
  body?: unknown;
  /** Method of the request that failed. */
  method: string;
  /** URL of the request that failed. */
  url: string;
}

/** A non-2xx answer of the API, with the server's `status`, `detail`, `errors` (422) and request id. */
export class ApiError extends Error {
  override name = "ApiError";
  /** HTTP status of the answer. */
  readonly status: number;
  /** The server's `detail` text, or the status text when the body had none. */
  readonly detail: string;
  /** What failed validation, on a 422; empty otherwise. */
  readonly errors: ValidationIssue[];
  /** The `X-Request-Id` of the answer, to quote when reporting a problem (it is on every server log line). */
  readonly requestId: string | null;
  /** The parsed body as received (JSON, text, or undefined when empty). */
  readonly body: unknown;
  /** Method of the request that failed. */
  readonly method: string;
  /** URL of the request that failed. */
  readonly url: string;

  constructor(init: ApiErrorInit) {
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
  static fromParsed(response: Response, body: unknown, method: string, url = response.url): ApiError {
    return new ApiError(apiErrorInit(response, body, method, url));
  }

  /** Builds the error from an answer whose body is still unread. */
  static async fromResponse(response: Response, method: string, url = response.url): Promise<ApiError> {
    return new ApiError(apiErrorInit(response, await readBody(response), method, url));
  }
}

/** Whether `err` is an {@link ApiError}. */
export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/**
 * The fields of the error an answer makes: `detail` from a JSON body's `detail`, else from a plain-text body
 * (an HTML page, a proxy's, says nothing the status text does not), else the status text.
 */
export function apiErrorInit(response: Response, body: unknown, method: string, url: string): ApiErrorInit {
  const obj = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const detail =
    typeof obj.detail === "string"
      ? obj.detail
      : typeof body === "string" && body && !body.trimStart().startsWith("<")
        ? body.slice(0, 200)
        : response.statusText || `HTTP ${response.status}`;
  return {
    status: response.status,
    detail,
    errors: Array.isArray(obj.errors) ? (obj.errors.filter(isIssue) as ValidationIssue[]) : [],
    requestId: response.headers.get("x-request-id"),
    body,
    method,
    url,
  };
}

/** The body of an answer: JSON when it parses, else its text; undefined when empty or unreadable. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
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
