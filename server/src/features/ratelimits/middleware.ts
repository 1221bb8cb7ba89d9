// The overall bot limit (spec 8: 1000 per minute for every /api/bot/* request), mounted right after botAuth.
// The send route is the one exception: it must call RateLimits.messageSend (or botCall) on every path.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { currentBot } from "../bots/auth.ts";
import type { RateLimits } from "./rate-limits.ts";
import { MESSAGE_SEND, botPathPolicy } from "./rules.ts";

export function botRateLimit(limits: RateLimits): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const policy = botPathPolicy(req.method, req.path);
    // A message send counts this limit together with its own, in one round trip (RateLimits.messageSend).
    if (policy !== MESSAGE_SEND) await limits.botCall(currentBot(req).id, policy);
    next();
  };
}
