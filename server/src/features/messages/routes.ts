// HTTP binding of user messages: /api/chat/{space_id}/{channel_id}/messages (Bearer, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import type { MessagesService } from "./service.ts";

const PREFIX = "/api/chat";
const MESSAGES = `${PREFIX}/{space_id}/{channel_id}/messages` as const;

export function messageRoutes(api: ApiRoutes, messages: MessagesService): ApiRouter<typeof PREFIX> {
  return api
    .router(PREFIX)
    .post(MESSAGES, async (req, res) => {
      const { space_id, channel_id } = req.params;
      res.status(201).json(await messages.post(currentUser(req).id, space_id, channel_id, req.body));
    })
    .get(MESSAGES, async (req, res) => {
      const { space_id, channel_id } = req.params;
      const { limit, before } = req.query;
      res.json(await messages.list(currentUser(req).id, space_id, channel_id, { limit, before }));
    })
    .delete(`${MESSAGES}/{message_id}`, async (req, res) => {
      const { space_id, channel_id, message_id } = req.params;
      await messages.remove(currentUser(req).id, space_id, channel_id, message_id);
      res.status(204).end();
    });
}
