// HTTP binding of the invocation chain: the catalog and invoke (Bearer, under /api/chat) and respond
// (Bot, mounted under /api/bot behind bot authentication).
import { Router } from "express";
import { currentUser, userAuth, type UserAuthenticator } from "../auth/index.ts";
import { currentBot } from "../bots/index.ts";
import type { InteractionsService } from "./service.ts";

interface Params {
  space_id: string;
  channel_id: string;
}

const BASE = "/api/chat/:space_id/:channel_id/commands";

export function commandInvocationRoutes(interactions: InteractionsService, users: UserAuthenticator): Router {
  const r = Router();
  r.use(BASE, userAuth(users));
  r.get(BASE, async (req, res) => {
    const { space_id, channel_id } = req.params as unknown as Params;
    res.json(await interactions.catalog(currentUser(req).id, space_id, channel_id));
  });
  r.post(`${BASE}/invoke`, async (req, res) => {
    const { space_id, channel_id } = req.params as unknown as Params;
    res.status(202).json(await interactions.invoke(currentUser(req).id, space_id.toLowerCase(), channel_id.toLowerCase(), req.body));
  });
  return r;
}

export function respondRoutes(interactions: InteractionsService): Router {
  const r = Router();
  r.post("/interactions/respond", async (req, res) => {
    await interactions.respond(currentBot(req), req.body);
    res.status(204).end();
  });
  return r;
}
