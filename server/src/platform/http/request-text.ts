// Text a client sends, checked once for every route before any feature sees it. A `%` escape that does not
// decode is refused (400) before the contract's validator, which would report it as a body problem. A NUL
// character anywhere in the path, the query or a JSON body is refused (422) after it: PostgreSQL's text cannot
// hold one, and nothing in the contract needs one.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { HttpError } from "../errors.ts";
import { ValidationFailed, type ValidationIssue } from "./validation.ts";
import type { BodyFacts } from "./request-body.ts";

const NUL = "\u0000";
const NUL_MESSAGE = "must not contain a NUL character";

/** Each `%` escape of the path and of the query must decode as UTF-8 (400 otherwise). */
export function wellFormedEscapes(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const url = req.url;
    if (!url.includes("%")) return next();
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    if (path.includes("%") && !decodes(path)) throw new HttpError(400, "malformed percent-escape in the path");
    if (q >= 0) {
      const query = url.slice(q + 1);
      if (query.includes("%") && !query.split(/[&=]/).every((part) => decodes(part.replaceAll("+", " "))))
        throw new HttpError(400, "malformed percent-escape in the query");
    }
    next();
  };
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

interface OpenApiInfo {
  pathParams?: Record<string, string>;
}

/** No NUL character in a path parameter, a query value or a string (or key) of the JSON body (422 otherwise). */
export function noNulCharacters(bodies: WeakMap<Request, BodyFacts>): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    // A NUL reaches the path or the query only as the escape `%00` (the HTTP parser refuses a raw one).
    if (req.url.includes("%00")) {
      const params = (req as Request & { openapi?: OpenApiInfo }).openapi?.pathParams ?? {};
      for (const [name, value] of Object.entries(params)) if (value.includes(NUL)) throw refuse("path", `/${name}`);
      for (const [name, value] of Object.entries(req.query as Record<string, unknown>))
        if (([] as unknown[]).concat(value).some((v) => typeof v === "string" && v.includes(NUL))) throw refuse("query", `/${name}`);
    }
    if (bodies.get(req)?.mayHoldNul) {
      const at = nulIn(req.body);
      if (at !== undefined) throw refuse("body", at);
    }
    next();
  };
}

/** The JSON pointer of the first string or key holding a NUL under `value`, if any (a loop: bodies nest deep). */
function nulIn(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, pointer] = top;
    if (typeof v === "string") {
      if (v.includes(NUL)) return pointer;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${pointer}/${i}`]);
    } else if (v !== null && typeof v === "object") {
      for (const [k, sub] of Object.entries(v).reverse()) {
        const here = `${pointer}/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`;
        if (k.includes(NUL)) return here;
        stack.push([sub, here]);
      }
    }
  }
  return undefined;
}

const refuse = (location: ValidationIssue["location"], path: string) =>
  new ValidationFailed([{ location, path, message: NUL_MESSAGE, code: "nul" }]);
