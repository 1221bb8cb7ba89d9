// HTTP binding of voice joins: the member route (Bearer) and the bot route (under /api/bot, behind botAuth).
import { Router, type RequestHandler } from "express";
import { currentUser } from "../auth/index.ts";
import { currentBot } from "../bots/index.ts";
import type { VoiceService } from "./service.ts";

interface Params {
  space_id: string;
  channel_id: string;
}

const JOIN = "/spaces/:space_id/voice/:channel_id/join";

/** Canonical (lowercase) ids: the room name is built from them. */
const ids = (params: unknown): Params => {
  const p = params as Params;
  return { space_id: p.space_id.toLowerCase(), channel_id: p.channel_id.toLowerCase() };
};

/** Mount under /api, with the user authentication middleware. */
export function memberVoiceRoutes(voice: VoiceService, requireUser: RequestHandler): Router {
  const r = Router();
  r.post(JOIN, requireUser, async (req, res) => {
    const { space_id, channel_id } = ids(req.params);
    res.json(await voice.memberJoin(currentUser(req).id, space_id, channel_id));
  });
  return r;
}

/** Mount under /api/bot. */
export function botVoiceRoutes(voice: VoiceService): Router {
  const r = Router();
  r.post(JOIN, async (req, res) => {
    const { space_id, channel_id } = ids(req.params);
    res.json(await voice.botJoin(currentBot(req), space_id, channel_id));
  });
  return r;
}
