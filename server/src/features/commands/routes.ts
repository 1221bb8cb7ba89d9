// HTTP binding of the command registry under /api/bot (Bot, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import type { CommandsService } from "./service.ts";
import { currentBot } from "../bots/index.ts";

const BASE = "/api/bot";
const COMMANDS = `${BASE}/commands` as const;

export function commandRoutes(api: ApiRoutes, commands: CommandsService): ApiRouter<typeof BASE> {
  return api
    .router(BASE)
    .get(COMMANDS, async (req, res) => {
      res.json(await commands.list(currentBot(req).id));
    })
    .put(COMMANDS, async (req, res) => {
      res.json(await commands.replace(currentBot(req).id, req.body));
    })
    .delete(`${COMMANDS}/{name}`, async (req, res) => {
      await commands.remove(currentBot(req).id, req.params.name);
      res.status(204).end();
    })
    .patch(`${COMMANDS}/{name}`, async (req, res) => {
      res.json(await commands.setEnabled(currentBot(req).id, req.params.name, req.body.enabled));
    });
}
