// HTTP binding of the bot message API; mounted under /api/bot behind botAuth and the overall bot limit.
import { Router } from "express";
import { currentBot } from "../bots/index.ts";
import type { BotMessagesService } from "./service.ts";

interface Params {
  space_id: string;
  channel_id: string;
  message_id: string;
}

const CHANNEL = "/spaces/:space_id/channels/:channel_id/messages";

/** Ids in canonical (lowercase) form, so rate-limit keys, texts and stored ids never differ by case. */
const ids = (params: unknown): Params => {
  const p = params as Params;
  return { space_id: p.space_id?.toLowerCase(), channel_id: p.channel_id?.toLowerCase(), message_id: p.message_id?.toLowerCase() };
};
const MESSAGE = "/spaces/:space_id/messages/:message_id";

export function botMessageRoutes(messages: BotMessagesService): Router {
  const r = Router();
  r.post(CHANNEL, async (req, res) => {
    const { space_id, channel_id } = ids(req.params);
    res.status(201).json(await messages.send(currentBot(req), space_id, channel_id, req.body));
  });
  r.get(CHANNEL, async (req, res) => {
    const { space_id, channel_id } = ids(req.params);
    const limit = req.query.limit === undefined ? 50 : Number(req.query.limit);
    const before = typeof req.query.before === "string" ? req.query.before : undefined;
    res.json(await messages.list(currentBot(req), space_id, channel_id, { limit, before }));
  });
  r.post(`${MESSAGE}/reactions`, async (req, res) => {
    const { space_id, message_id } = ids(req.params);
    await messages.react(currentBot(req), space_id, message_id, req.body.emoji);
    res.status(204).end();
  });
  r.delete(MESSAGE, async (req, res) => {
    const { space_id, message_id } = ids(req.params);
    await messages.remove(currentBot(req), space_id, message_id);
    res.status(204).end();
  });
  return r;
}
