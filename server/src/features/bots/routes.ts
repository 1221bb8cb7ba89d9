// HTTP binding of /api/bots (the web interface's side of bot accounts; Bearer, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import type { BotsService } from "./service.ts";

const BASE = "/api/bots";
const BOT = `${BASE}/{bot_id}` as const;

export function botAccountRoutes(api: ApiRoutes, bots: BotsService): ApiRouter<typeof BASE> {
  return api
    .router(BASE)
    .post(BASE, async (req, res) => {
      res.status(201).json(await bots.create(currentUser(req).id, req.body));
    })
    .get(BASE, async (req, res) => {
      res.json(await bots.list(currentUser(req).id));
    })
    .get(BOT, async (req, res) => {
      res.json(await bots.get(currentUser(req).id, req.params.bot_id));
    })
    .patch(BOT, async (req, res) => {
      res.json(await bots.update(currentUser(req).id, req.params.bot_id, req.body));
    })
    .delete(BOT, async (req, res) => {
      await bots.remove(currentUser(req).id, req.params.bot_id);
      res.status(204).end();
    })
    .post(`${BOT}/token/rotate`, async (req, res) => {
      res.json(await bots.rotateToken(currentUser(req).id, req.params.bot_id));
    })
    .post(`${BOT}/suspend`, async (req, res) => {
      res.json(await bots.setSuspended(currentUser(req).id, req.params.bot_id, true));
    })
    .post(`${BOT}/unsuspend`, async (req, res) => {
      res.json(await bots.setSuspended(currentUser(req).id, req.params.bot_id, false));
    })
    .get(`${BOT}/audit-log`, async (req, res) => {
      res.json(await bots.auditLog(currentUser(req).id, req.params.bot_id, req.query.limit ?? 50, req.query.before));
    });
}
