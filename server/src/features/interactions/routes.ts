// HTTP binding of the invocation chain: the catalog and invoke under /api/chat/{space_id}/{channel_id}/commands
// (Bearer) and respond under /api/bot (Bot), as the contract says.
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import { currentBot } from "../bots/index.ts";
import type { InteractionsService } from "./service.ts";

const COMMANDS = "/api/chat/{space_id}/{channel_id}/commands";

export function commandInvocationRoutes(api: ApiRoutes, interactions: InteractionsService): ApiRouter<typeof COMMANDS> {
  return api
    .router(COMMANDS)
    .get(COMMANDS, async (req, res) => {
      const { space_id, channel_id } = req.params;
      res.json(await interactions.catalog(currentUser(req).id, space_id, channel_id));
    })
    .post(`${COMMANDS}/invoke`, async (req, res) => {
      const { space_id, channel_id } = req.params;
      res.status(202).json(await interactions.invoke(currentUser(req).id, space_id.toLowerCase(), channel_id.toLowerCase(), req.body));
    });
}

const BOT = "/api/bot";

/** Counts the bot-wide limit itself (with its membership read), so it takes routes without that limit. */
export function respondRoutes(api: ApiRoutes, interactions: InteractionsService): ApiRouter<typeof BOT> {
  return api.router(BOT).post(`${BOT}/interactions/respond`, async (req, res) => {
    await interactions.respond(currentBot(req), req.body);
    res.status(204).end();
  });
}
