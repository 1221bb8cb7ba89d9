// The overall bot limit (spec 8: 1000 per minute for every /api/bot/* request), mounted right after botAuth.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { currentBot } from "../bots/auth.ts";
import type { RateLimits } from "./rate-limits.ts";
import { botPathPolicy } from "./rules.ts";

export function botRateLimit(limits: RateLimits): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    await limits.botCall(currentBot(req).id, botPathPolicy(req.method, req.path));
    next();
  };
}
