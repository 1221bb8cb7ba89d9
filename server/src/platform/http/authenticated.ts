// The one shape of an authentication middleware: a principal from the Authorization header, answered in the
// calling turn when the authenticator has it cached (no promise, no microtask hop per request on the hot path),
// through a promise only when it must read. A refusal (HttpError) reaches the error renderer either way.
import type { NextFunction, Request, RequestHandler, Response } from "express";

export function authenticated<P>(
  authenticateNow: (header: string | undefined) => P | Promise<P>,
  assign: (req: Request, principal: P) => void,
): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const principal = authenticateNow(req.headers.authorization);
    if (!(principal instanceof Promise)) {
      assign(req, principal);
      return next();
    }
    return principal.then((p) => {
      assign(req, p);
      next();
    });
  };
}
