// HTTP binding of /api/bots/{bot_id}/webhooks; server.ts mounts it there behind user authentication.
import { Router, type Request } from "express";
import { currentUser } from "../auth/index.ts";
import type { WebhookService } from "./service.ts";

// Validated as UUIDs by the contract before a handler runs; `bot_id` comes from the mount prefix.
const param = (name: string) => (req: Request) => String((req.params as Record<string, string>)[name]);
const bot = param("bot_id");
const hook = param("webhook_id");
const delivery = param("delivery_id");

/** Mount at `/api/bots/:bot_id/webhooks` (the prefix's `bot_id` reaches the handlers through mergeParams). */
export function webhookRoutes(webhooks: WebhookService): Router {
  const r = Router({ mergeParams: true });
  r.post("/", async (req, res) => {
    res.status(201).json(await webhooks.create(currentUser(req).id, bot(req), req.body));
  });
  r.get("/", async (req, res) => {
    res.json(await webhooks.list(currentUser(req).id, bot(req)));
  });
  r.patch("/:webhook_id", async (req, res) => {
    res.json(await webhooks.update(currentUser(req).id, bot(req), hook(req), req.body));
  });
  r.delete("/:webhook_id", async (req, res) => {
    await webhooks.remove(currentUser(req).id, bot(req), hook(req));
    res.status(204).end();
  });
  r.post("/:webhook_id/rotate-secret", async (req, res) => {
    res.json(await webhooks.rotateSecret(currentUser(req).id, bot(req), hook(req)));
  });
  r.post("/:webhook_id/ping", async (req, res) => {
    res.status(202).json(await webhooks.ping(currentUser(req).id, bot(req), hook(req)));
  });
  r.get("/:webhook_id/deliveries", async (req, res) => {
    const limit = Number(req.query.limit ?? 50);
    const before = typeof req.query.before === "string" ? req.query.before : undefined;
    res.json(await webhooks.deliveries(currentUser(req).id, bot(req), hook(req), limit, before));
  });
  r.post("/:webhook_id/deliveries/:delivery_id/redeliver", async (req, res) => {
    res.status(202).json(await webhooks.redeliver(currentUser(req).id, bot(req), hook(req), delivery(req)));
  });
  return r;
}
