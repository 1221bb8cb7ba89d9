// HTTP binding of voice joins: the member route (Bearer) and the bot route (Bot), as the contract says.
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import { currentBot } from "../bots/index.ts";
import type { VoiceService } from "./service.ts";

// Canonical (lowercase) ids: the room name is built from them.

const API = "/api";

export function memberVoiceRoutes(api: ApiRoutes, voice: VoiceService): ApiRouter<typeof API> {
  return api.router(API).post(`${API}/spaces/{space_id}/voice/{channel_id}/join`, async (req, res) => {
    const { space_id, channel_id } = req.params;
    res.json(await voice.memberJoin(currentUser(req).id, space_id.toLowerCase(), channel_id.toLowerCase()));
  });
}

const BOT = "/api/bot";

export function botVoiceRoutes(api: ApiRoutes, voice: VoiceService): ApiRouter<typeof BOT> {
  return api.router(BOT).post(`${BOT}/spaces/{space_id}/voice/{channel_id}/join`, async (req, res) => {
    const { space_id, channel_id } = req.params;
    res.json(await voice.botJoin(currentBot(req), space_id.toLowerCase(), channel_id.toLowerCase()));
  });
}
