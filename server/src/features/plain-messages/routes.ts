// HTTP binding of the bot message API under /api/bot (Bot, as the contract says; the composition root adds the
// overall bot limit after authentication).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentBot } from "../bots/index.ts";
import type { BotMessagesService } from "./service.ts";

const BOT = "/api/bot";
const CHANNEL = `${BOT}/spaces/{space_id}/channels/{channel_id}/messages` as const;
const MESSAGE = `${BOT}/spaces/{space_id}/messages/{message_id}` as const;

// Ids in canonical (lowercase) form, so rate-limit keys, texts and stored ids never differ by case.
export function botMessageRoutes(api: ApiRoutes, messages: BotMessagesService): ApiRouter<typeof BOT> {
  return api
    .router(BOT)
    .post(CHANNEL, async (req, res) => {
      const { space_id, channel_id } = req.params;
      res.status(201).json(await messages.send(currentBot(req), space_id.toLowerCase(), channel_id.toLowerCase(), req.body));
    })
    .get(CHANNEL, async (req, res) => {
      const { space_id, channel_id } = req.params;
      const { limit = 50, before } = req.query;
      res.json(await messages.list(currentBot(req), space_id.toLowerCase(), channel_id.toLowerCase(), { limit, before }));
    })
    .post(`${MESSAGE}/reactions`, async (req, res) => {
      const { space_id, message_id } = req.params;
      await messages.react(currentBot(req), space_id.toLowerCase(), message_id.toLowerCase(), req.body.emoji);
      res.status(204).end();
    })
    .delete(MESSAGE, async (req, res) => {
      const { space_id, message_id } = req.params;
      await messages.remove(currentBot(req), space_id.toLowerCase(), message_id.toLowerCase());
      res.status(204).end();
    });
}
