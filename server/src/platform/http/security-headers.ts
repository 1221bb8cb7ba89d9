// The security headers, chosen with helmet and computed once: every value is a constant, so running helmet's
// middlewares (and building the policy string) per request would only set the same strings again. Every answer
// carries the few that matter for any resource; the HTML pages (the portal, the API reference) carry the rest too:
// the Content-Security-Policy and the headers that only a document uses (framing, opener, ...).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

export type HeaderList = readonly (readonly [name: string, value: string])[];

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The headers a helmet middleware sets, read by running it once against a stand-in response. */
function headersOf(middleware: Middleware): HeaderList {
  const set = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => void set.set(name, String(value)),
    removeHeader: (name: string) => void set.delete(name),
  };
  let done = false;
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error("helmet failed");
    done = true;
  });
  if (!done) throw new Error("helmet did not set its headers at once");
  return [...set];
}

/**
 * Everything that runs on the pages is a file of this server: no inline script or style, no eval. Images may be
 * data: URLs (the two-factor QR code, Swagger UI's icons); nothing may frame the pages, nor change their base URL.
 */
const PAGE_DIRECTIVES = {
  "default-src": ["'self'"],
  "base-uri": ["'none'"],
  "object-src": ["'none'"],
  "frame-ancestors": ["'none'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "form-action": ["'self'"],
};

const all = headersOf(
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: PAGE_DIRECTIVES },
    // TLS ends at the operator's proxy, which knows whether every subdomain is served over https: HSTS is its call.
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
  }),
);

/** No sniffing a JSON answer into something else, no URL leaked to a next site, no cross-origin embedding. */
const FOR_EVERY_ANSWER = new Set(["x-content-type-options", "referrer-policy", "cross-origin-resource-policy"]);

/** Set on every answer (a handful: each setHeader is a measurable share of a cheap API request). */
export const everyAnswer: HeaderList = all.filter(([name]) => FOR_EVERY_ANSWER.has(name.toLowerCase()));

const pageOnly: HeaderList = all.filter(([name]) => !FOR_EVERY_ANSWER.has(name.toLowerCase()));

if (!pageOnly.some(([name]) => name === "Content-Security-Policy")) throw new Error("helmet gave no Content-Security-Policy");

/** Middleware for the routes that serve the HTML pages (and their assets): the policy and the document headers. */
export function pageHeaders(_req: Request, res: Response, next: NextFunction): void {
  for (const [name, value] of pageOnly) res.setHeader(name, value);
  next();
}
