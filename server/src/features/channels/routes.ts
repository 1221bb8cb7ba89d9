// HTTP binding of /api/spaces/{space_id}/channels (Bearer, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import type { ChannelsService } from "./service.ts";

const BASE = "/api/spaces/{space_id}/channels";

export function channelRoutes(api: ApiRoutes, channels: ChannelsService): ApiRouter<typeof BASE> {
  return api
    .router(BASE)
    .get(BASE, async (req, res) => {
      res.json(await channels.list(currentUser(req).id, req.params.space_id));
    })
    .post(BASE, async (req, res) => {
      res.status(201).json(await channels.create(currentUser(req).id, req.params.space_id, req.body));
    })
    .patch(`${BASE}/{channel_id}`, async (req, res) => {
      res.json(await channels.update(currentUser(req).id, req.params.space_id, req.params.channel_id, req.body));
    })
    .delete(`${BASE}/{channel_id}`, async (req, res) => {
      await channels.remove(currentUser(req).id, req.params.space_id, req.params.channel_id);
      res.status(204).end();
    });
}
