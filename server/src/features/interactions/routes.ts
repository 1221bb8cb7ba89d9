// HTTP binding of the invocation chain: the catalog and invoke (mounted at /api/chat/{space_id}/{channel_id}/commands
// behind user authentication) and respond (mounted under /api/bot behind bot authentication).
import { Router } from "express";
import { currentUser } from "../auth/index.ts";
import { currentBot } from "../bots/index.ts";
import type { InteractionsService } from "./service.ts";

interface Params {
  space_id: string;
  channel_id: string;
}

/** Mount at `/api/chat/:space_id/:channel_id/commands` (the prefix's ids reach the handlers through mergeParams). */
export function commandInvocationRoutes(interactions: InteractionsService): Router {
  const r = Router({ mergeParams: true });
  r.get("/", async (req, res) => {
    const { space_id, channel_id } = req.params as unknown as Params;
    res.json(await interactions.catalog(currentUser(req).id, space_id, channel_id));
  });
  r.post("/invoke", async (req, res) => {
    const { space_id, channel_id } = req.params as unknown as Params;
    res.status(202).json(await interactions.invoke(currentUser(req).id, space_id.toLowerCase(), channel_id.toLowerCase(), req.body));
  });
  return r;
}

/** Mount under `/api/bot`, behind bot authentication. */
export function respondRoutes(interactions: InteractionsService): Router {
  const r = Router();
  r.post("/interactions/respond", async (req, res) => {
    await interactions.respond(currentBot(req), req.body);
    res.status(204).end();
  });
  return r;
}
