// Request (and, in tests, response) validation compiled once from generated/openapi.yaml,
// and the single mapping of its errors to the error bodies of spec/common/errors.tsp.
import * as OpenApiValidator from "express-openapi-validator";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { components } from "../../../../generated/api.d.ts";
import { HttpError } from "../errors.ts";

/** One entry of a 422 body. */
export type ValidationIssue = components["schemas"]["ValidationIssue"];

/** 422 with the list of what failed. */
export class ValidationFailed extends HttpError {
  constructor(readonly errors: ValidationIssue[]) {
    const first = errors[0];
    super(422, first ? describe(first) : "invalid request");
  }
}

function describe(i: ValidationIssue): string {
  const where = i.path ? `${i.location} ${i.path}` : i.location;
  return `${where}: ${i.message}`;
}

/** Paths served outside the contract (documents, the WebSocket upgrade, the portal's static files). */
export const UNDOCUMENTED = /^\/(api\/(openapi\.json|docs|ws)|portal)(\/|$)|^\/$/;

// express-openapi-validator 5.6 finds a request's operation by compiling path-to-regexp for every declared route on
// every request (openapi.metadata.js, lookupRoute); with ~100 routes that is the largest single cost of a request.
// patches/express-openapi-validator+5.6.2.patch (applied by patch-package on install) compiles each route once and
// tests only the routes filed under the request's first two path segments (even a walk of ~100 compiled regexps is
// the largest single cost of a bot send); test/validator-patch.test.ts fails when the patch is not in place or
// finds another operation than the full walk.

/**
 * Query strings are read as HTML forms and URLSearchParams write them: `+` is a space (Express's query parser
 * decodes it), and a reserved character, plain or percent-encoded, is text. express-openapi-validator refuses a
 * plain reserved character (`+`, `@`, `:`, `/`…) unless the parameter says `allowReserved`, which TypeSpec cannot
 * write for a query parameter. So the validator's own copy of the document says it for every query parameter;
 * the published document keeps the default, so that clients built from it keep percent-encoding (a literal `+`
 * sent unencoded would be read back as a space).
 */
function acceptingFormEncoding(apiSpec: object): object {
  const spec = structuredClone(apiSpec) as {
    paths?: Record<string, Record<string, unknown>>;
    components?: { parameters?: Record<string, unknown> };
  };
  const allow = (p: unknown) => {
    const param = p as { in?: string; allowReserved?: boolean };
    if (param && typeof param === "object" && param.in === "query") param.allowReserved = true;
  };
  for (const item of Object.values(spec.paths ?? {}))
    for (const op of Object.values(item ?? {})) {
      // A path item's own `parameters` is an array beside the operations.
      const params = Array.isArray(op) ? op : (op as { parameters?: unknown })?.parameters;
      if (Array.isArray(params)) params.forEach(allow);
    }
  Object.values(spec.components?.parameters ?? {}).forEach(allow);
  return spec;
}

export function validator(apiSpec: object, validateResponses: boolean): RequestHandler[] {
  const handlers = OpenApiValidator.middleware({
    apiSpec: acceptingFormEncoding(apiSpec) as never,
    // Bodies are checked strictly (`"5"` is not an integer: 422); the validator always coerces query and path strings.
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, removeAdditional: false },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    validateFormats: true,
    // The contract declares no multipart body, and every body is read as JSON before the validator runs: multer
    // would only cost a middleware (a promise turn) per request.
    fileUploader: false,
    ignorePaths: UNDOCUMENTED,
  }) as RequestHandler[];
  return [...handlers.flatMap(withoutIdleTurns), bodyWhereRequired, finiteQueryNumbers];
}

const BODY_REQUIRED: ValidationIssue = { location: "body", path: "", message: "a JSON body is required", code: "required" };

/**
 * A body the operation requires must be there. express-openapi-validator 5.6 reads `required` off the body's
 * schema (its list of required properties) instead of the request body's own `required`: a body declared by
 * `$ref` was never required, and the feature then read fields of `undefined`.
 */
function bodyWhereRequired(req: Request, _res: Response, next: NextFunction): void {
  const op = (req as Request & { openapi?: { schema?: { requestBody?: { required?: boolean } } } }).openapi?.schema;
  if (req.body === undefined && op?.requestBody?.required) throw new ValidationFailed([BODY_REQUIRED]);
  next();
}

/** express-openapi-validator 5.6 lets the query text `Infinity` through its bounds, as a number; no column holds one. */
function finiteQueryNumbers(req: Request, _res: Response, next: NextFunction): void {
  for (const [name, value] of Object.entries(req.query as Record<string, unknown>))
    if (typeof value === "number" && !Number.isFinite(value))
      throw new ValidationFailed([{ location: "query", path: `/${name}`, message: "must be a finite number", code: "type" }]);
  next();
}

/**
 * Each of the validator's middlewares waits for the compiled document (a promise turn per middleware per
 * request). Two of them do nothing once it is there: the security one with `validateSecurity: false`, and the
 * path-parameter one after it has installed its `app.param` handlers on the first request. They are skipped then.
 * (Found by the names express-openapi-validator gives them; under other names they simply run.)
 */
function withoutIdleTurns(handler: RequestHandler): RequestHandler[] {
  if (handler.name === "securityMiddleware") return [];
  if (handler.name !== "pathParamsMiddleware") return [handler];
  let installed = false;
  return [
    (req, res, next) => {
      if (installed) return next();
      return handler(req, res, (err?: unknown) => {
        if (!err) installed = true;
        next(err);
      });
    },
  ];
}

interface ValidatorError {
  status: number;
  message: string;
  errors?: { path?: string; message?: string; errorCode?: string }[];
}

const isValidatorError = (e: unknown): e is ValidatorError =>
  typeof e === "object" && e !== null && "status" in e && "errors" in e && Array.isArray((e as ValidatorError).errors);

/** `/body/commands/0/name` or `.body.commands[0].name` → location `body`, pointer `/commands/0/name`. */
function issueOf(raw: { path?: string; message?: string; errorCode?: string }): ValidationIssue {
  // The validator's own word for a missing body, where the body's schema lists required properties.
  if (raw.message === "must have required property 'body'") return BODY_REQUIRED;
  const parts = (raw.path ?? "")
    .replace(/\[(\w+)\]/g, ".$1")
    .split(/[./]/)
    .filter(Boolean);
  const head = parts[0] === "request" ? parts.slice(1) : parts;
  const loc = head[0] === "params" ? "path" : head[0] === "headers" ? "header" : head[0];
  const location = (["body", "query", "path", "header"].includes(loc ?? "") ? loc : "body") as ValidationIssue["location"];
  return {
    location,
    path: head.length > 1 ? "/" + head.slice(1).join("/") : "",
    message: raw.message ?? "is invalid",
    code: (raw.errorCode ?? "invalid").split(".")[0] ?? "invalid",
  };
}

/** Maps what express-openapi-validator threw to our family; anything else passes through. */
export function fromValidatorError(err: unknown): unknown {
  // Our own 422 (ValidationFailed) also has `status` and `errors`: it is already in its final form.
  if (err instanceof HttpError || !isValidatorError(err)) return err;
  switch (err.status) {
    case 404:
      return new HttpError(404, "not found");
    case 405:
      return new HttpError(405, "method not allowed");
    case 415:
      return new HttpError(415, "unsupported media type: send application/json");
    case 400:
    case 422:
      return new ValidationFailed(err.errors!.map(issueOf));
    case 500:
      // A response that breaks the contract (response validation is on in tests only).
      return new HttpError(500, `response breaks the contract: ${err.message}`);
    default:
      return new HttpError(err.status, err.message);
  }
}
