// HTTP binding of the Delivery Service: /api/e2e/key-packages, /api/e2e/welcomes and /api/e2e/channels/{channel_id}/…
// (Bearer, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import { STALE_EPOCH, type E2EService } from "./service.ts";

const BASE = "/api/e2e";
const CHANNEL = `${BASE}/channels/{channel_id}` as const;

export function e2eRoutes(api: ApiRoutes, e2e: E2EService): ApiRouter<typeof BASE> {
  return api
    .router(BASE)
    .post(`${BASE}/key-packages`, async (req, res) => {
      res.json({ available: await e2e.upload(currentUser(req), req.body) });
    })
    .get(`${BASE}/key-packages/count`, async (req, res) => {
      res.json({ available: await e2e.count(currentUser(req)) });
    })
    .post(`${BASE}/key-packages/claim`, async (req, res) => {
      res.json(await e2e.claim(currentUser(req), req.body.user_ids));
    })
    .post(`${BASE}/welcomes/claim`, async (req, res) => {
      res.json(await e2e.claimWelcomes(currentUser(req)));
    })
    .get(`${CHANNEL}/group`, async (req, res) => {
      res.json(await e2e.group(currentUser(req), req.params.channel_id));
    })
    .post(`${CHANNEL}/commits`, async (req, res) => {
      const out = await e2e.commit(currentUser(req), req.params.channel_id, req.body);
      // The 409 carries the current epoch beside `detail`, so it is answered here rather than thrown.
      if (!out.accepted) res.status(409).json({ detail: STALE_EPOCH, epoch: out.epoch });
      else res.json({ epoch: out.epoch });
    })
    .get(`${CHANNEL}/commits`, async (req, res) => {
      res.json(await e2e.commits(currentUser(req), req.params.channel_id, req.query.since ?? 0, req.query.limit ?? 100));
    });
}
