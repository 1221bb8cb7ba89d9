// The overall bot limit (1000 per minute for every /api/bot/* request), mounted after botAuth. Two routes
// count it themselves, on every path, to save a round trip: the send (RateLimits.messageSend, with its own limits
// in one script), which this middleware leaves alone, and the interaction reply (at the same time as its
// membership read), whose router is mounted before this middleware.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { currentBot } from "../bots/index.ts";
import type { RateLimits } from "./rate-limits.ts";
import { MESSAGE_SEND, botPathPolicy } from "./rules.ts";

export function botRateLimit(limits: RateLimits): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const policy = botPathPolicy(req.method, req.path);
    if (policy === MESSAGE_SEND) return next();
    return limits.botCall(currentBot(req).id, policy).then(() => next());
  };
}
