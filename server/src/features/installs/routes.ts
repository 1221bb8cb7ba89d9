// HTTP binding of /api/spaces/{space_id}/bots (Bearer, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import type { InstallsService } from "./service.ts";

const BASE = "/api/spaces/{space_id}/bots";

export function installRoutes(api: ApiRoutes, installs: InstallsService): ApiRouter<typeof BASE> {
  return api
    .router(BASE)
    .post(BASE, async (req, res) => {
      res.status(201).json(await installs.install(currentUser(req).id, req.params.space_id, req.body));
    })
    .get(BASE, async (req, res) => {
      res.json(await installs.list(currentUser(req).id, req.params.space_id));
    })
    .patch(`${BASE}/{bot_user_id}`, async (req, res) => {
      res.json(await installs.update(currentUser(req).id, req.params.space_id, req.params.bot_user_id, req.body));
    })
    .delete(`${BASE}/{bot_user_id}`, async (req, res) => {
      await installs.uninstall(currentUser(req).id, req.params.space_id, req.params.bot_user_id);
      res.status(204).end();
    });
}
