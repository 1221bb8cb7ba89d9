// HTTP binding of /api/bots/{bot_id}/webhooks.
import { Router } from "express";
import { currentUser, userAuth, type UserAuthenticator } from "../auth/index.ts";
import type { WebhookService } from "./service.ts";

export function webhookRoutes(webhooks: WebhookService, users: UserAuthenticator): Router {
  const r = Router();
  const base = "/api/bots/:bot_id/webhooks";
  r.use(base, userAuth(users));
  r.post(base, async (req, res) => {
    res.status(201).json(await webhooks.create(currentUser(req).id, req.params.bot_id!, req.body));
  });
  r.get(base, async (req, res) => {
    res.json(await webhooks.list(currentUser(req).id, req.params.bot_id!));
  });
  r.patch(`${base}/:webhook_id`, async (req, res) => {
    res.json(await webhooks.update(currentUser(req).id, req.params.bot_id!, req.params.webhook_id!, req.body));
  });
  r.delete(`${base}/:webhook_id`, async (req, res) => {
    await webhooks.remove(currentUser(req).id, req.params.bot_id!, req.params.webhook_id!);
    res.status(204).end();
  });
  r.post(`${base}/:webhook_id/rotate-secret`, async (req, res) => {
    res.json(await webhooks.rotateSecret(currentUser(req).id, req.params.bot_id!, req.params.webhook_id!));
  });
  r.post(`${base}/:webhook_id/ping`, async (req, res) => {
    res.status(202).json(await webhooks.ping(currentUser(req).id, req.params.bot_id!, req.params.webhook_id!));
  });
  r.get(`${base}/:webhook_id/deliveries`, async (req, res) => {
    const limit = Number(req.query.limit ?? 50);
    const before = typeof req.query.before === "string" ? req.query.before : undefined;
    res.json(await webhooks.deliveries(currentUser(req).id, req.params.bot_id!, req.params.webhook_id!, limit, before));
  });
  r.post(`${base}/:webhook_id/deliveries/:delivery_id/redeliver`, async (req, res) => {
    res.status(202).json(await webhooks.redeliver(currentUser(req).id, req.params.bot_id!, req.params.webhook_id!, req.params.delivery_id!));
  });
  return r;
}
