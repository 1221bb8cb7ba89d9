// Reading a request's body, once for every route: JSON in UTF-8, with the Content-Encodings body-parser decodes
// (gzip, deflate, br). Every way a body can fail to be read becomes a client error here, never a 500: a stream
// that does not decode as its Content-Encoding says (400), an unknown encoding or charset (415), too large
// after decoding (413), not JSON (422). An empty body counts as no body, so that an operation whose body is
// required answers 422 for it as for a request that sent none (validation.ts).
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { HttpError } from "../errors.ts";
import { ValidationFailed } from "./validation.ts";

const BODY_LIMIT = "1mb";

/** What the body reader learnt about one request's raw body. */
export interface BodyFacts {
  /** The decoded body holds the JSON escape of a NUL character (`\u0000`), to be looked for in the parsed value. */
  mayHoldNul: boolean;
}

export function requestBody(facts: WeakMap<Request, BodyFacts>): RequestHandler {
  const empty = new WeakSet<Request>();
  // strict: false so a bare JSON `null` parses (the join-request body is "JoinRequestCreateRequest or
  // null" in spec/spaces/routes.tsp); the contract still refuses null, numbers or strings wherever an object is declared (422).
  const json = express.json({
    limit: BODY_LIMIT,
    type: () => true,
    strict: false,
    verify: (req, _res, buf) => {
      if (buf.length === 0) empty.add(req as Request);
      // JSON cannot carry a raw NUL byte in a string; only its escape. A cheap look at the bytes spares the walk
      // of every other body.
      else if (buf.includes("\\u0000")) facts.set(req as Request, { mayHoldNul: true });
    },
  });
  return (req: Request, res: Response, next: NextFunction) =>
    json(req, res, (err?: unknown) => {
      if (err) return next(bodyError(err));
      // body-parser reads an empty body as `{}`: the validator would then take it for an object that omits
      // every optional field.
      if (empty.has(req)) req.body = undefined;
      // No body has no media type: the contract's validator then judges the body's absence (422 where one is
      // required) rather than a missing Content-Type (415).
      const type = req.headers["content-type"];
      if (req.body === undefined && type === undefined) req.headers["content-type"] = "application/json";
      // The charset has done its work: the validator sees the bare media type. It compiles and keeps a validator
      // per operation and Content-Type text, so each new parameter (`application/json; x=1`, `x=2`, …) would cost a
      // compile of the document's schemas and a cache entry for good.
      else if (type?.includes(";")) req.headers["content-type"] = type.slice(0, type.indexOf(";")).trim();
      next();
    });
}

/** body-parser's errors as the contract's: each is the client's doing. */
function bodyError(err: unknown): unknown {
  const e = err as { type?: string; status?: number } | null;
  switch (e?.type) {
    case "entity.too.large":
      return new HttpError(413, "request body exceeds 1 MiB");
    case "entity.parse.failed":
      return new ValidationFailed([{ location: "body", path: "", message: "body is not valid JSON", code: "json" }]);
    case "encoding.unsupported":
      return new HttpError(415, "unsupported content encoding");
    case "charset.unsupported":
      return new HttpError(415, "unsupported charset: send UTF-8");
    case "request.aborted":
    case "request.size.invalid":
      return new HttpError(400, "request body could not be read");
  }
  // The decompression stream's own errors (zlib's `incorrect header check`, brotli's) come wrapped as a 400.
  if (typeof e?.status === "number" && e.status >= 400 && e.status < 500)
    return new HttpError(400, "request body does not decode as its Content-Encoding says");
  return err;
}
