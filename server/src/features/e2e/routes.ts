// HTTP binding of the Delivery Service: /api/e2e/key-packages, /api/e2e/welcomes and /api/e2e/channels/{channel_id}/…;
// server.ts mounts it at /api/e2e behind user authentication.
import { Router } from "express";
import { currentUser } from "../auth/index.ts";
import { STALE_EPOCH, type E2EService } from "./service.ts";

const channelId = (params: unknown): string => String((params as { channel_id: string }).channel_id);

/** Mount at `/api/e2e`. */
export function e2eRoutes(e2e: E2EService): Router {
  const r = Router();
  r.post("/key-packages", async (req, res) => {
    res.json({ available: await e2e.upload(currentUser(req), req.body) });
  });
  r.get("/key-packages/count", async (req, res) => {
    res.json({ available: await e2e.count(currentUser(req)) });
  });
  r.post("/key-packages/claim", async (req, res) => {
    res.json(await e2e.claim(currentUser(req), req.body.user_ids));
  });
  r.post("/welcomes/claim", async (req, res) => {
    res.json(await e2e.claimWelcomes(currentUser(req)));
  });
  r.get("/channels/:channel_id/group", async (req, res) => {
    res.json(await e2e.group(currentUser(req), channelId(req.params)));
  });
  r.post("/channels/:channel_id/commits", async (req, res) => {
    const out = await e2e.commit(currentUser(req), channelId(req.params), req.body);
    // The 409 carries the current epoch beside `detail`, so it is answered here rather than thrown.
    if (!out.accepted) res.status(409).json({ detail: STALE_EPOCH, epoch: out.epoch });
    else res.json({ epoch: out.epoch });
  });
  r.get("/channels/:channel_id/commits", async (req, res) => {
    const since = req.query.since === undefined ? 0 : Number(req.query.since);
    const limit = req.query.limit === undefined ? 100 : Number(req.query.limit);
    res.json(await e2e.commits(currentUser(req), channelId(req.params), since, limit));
  });
  return r;
}
