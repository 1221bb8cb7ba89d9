// HTTP binding of user messages: /api/chat/{space_id}/{channel_id}/messages (Bearer).
import { Router } from "express";
import { currentUser, userAuth, type UserAuthenticator } from "../auth/index.ts";
import type { MessagesService } from "./service.ts";

interface Params {
  space_id: string;
  channel_id: string;
  message_id: string;
}

const BASE = "/:space_id/:channel_id/messages";

export function messageRoutes(messages: MessagesService, users: UserAuthenticator): Router {
  const r = Router();
  r.use(BASE, userAuth(users));
  r.post(BASE, async (req, res) => {
    const { space_id, channel_id } = req.params as unknown as Params;
    res.status(201).json(await messages.post(currentUser(req).id, space_id, channel_id, req.body));
  });
  r.get(BASE, async (req, res) => {
    const { space_id, channel_id } = req.params as unknown as Params;
    const limit = req.query.limit === undefined ? undefined : Number(req.query.limit);
    const before = typeof req.query.before === "string" ? req.query.before : undefined;
    res.json(await messages.list(currentUser(req).id, space_id, channel_id, { limit, before }));
  });
  r.delete(`${BASE}/:message_id`, async (req, res) => {
    const { space_id, channel_id, message_id } = req.params;
    await messages.remove(currentUser(req).id, space_id, channel_id, message_id);
    res.status(204).end();
  });
  return r;
}
