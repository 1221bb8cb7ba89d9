// HTTP binding of /api/bots/{bot_id}/webhooks (Bearer: the bot's owner, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import type { WebhookService } from "./service.ts";

const BASE = "/api/bots/{bot_id}/webhooks";
const HOOK = `${BASE}/{webhook_id}` as const;

export function webhookRoutes(api: ApiRoutes, webhooks: WebhookService): ApiRouter<typeof BASE> {
  return api
    .router(BASE)
    .post(BASE, async (req, res) => {
      res.status(201).json(await webhooks.create(currentUser(req).id, req.params.bot_id, req.body));
    })
    .get(BASE, async (req, res) => {
      res.json(await webhooks.list(currentUser(req).id, req.params.bot_id));
    })
    .patch(HOOK, async (req, res) => {
      res.json(await webhooks.update(currentUser(req).id, req.params.bot_id, req.params.webhook_id, req.body));
    })
    .delete(HOOK, async (req, res) => {
      await webhooks.remove(currentUser(req).id, req.params.bot_id, req.params.webhook_id);
      res.status(204).end();
    })
    .post(`${HOOK}/rotate-secret`, async (req, res) => {
      res.json(await webhooks.rotateSecret(currentUser(req).id, req.params.bot_id, req.params.webhook_id));
    })
    .post(`${HOOK}/ping`, async (req, res) => {
      res.status(202).json(await webhooks.ping(currentUser(req).id, req.params.bot_id, req.params.webhook_id));
    })
    .get(`${HOOK}/deliveries`, async (req, res) => {
      const { bot_id, webhook_id } = req.params;
      res.json(await webhooks.deliveries(currentUser(req).id, bot_id, webhook_id, req.query.limit ?? 50, req.query.before));
    })
    .post(`${HOOK}/deliveries/{delivery_id}/redeliver`, async (req, res) => {
      const { bot_id, webhook_id, delivery_id } = req.params;
      res.status(202).json(await webhooks.redeliver(currentUser(req).id, bot_id, webhook_id, delivery_id));
    });
}
