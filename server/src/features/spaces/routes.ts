// HTTP binding of /api/spaces and /api/spaces/{space_id}/audit-log. Preview and public-info
// are open; everything else needs a user (the contract's security says which). The members and channels routers
// under a space are mounted by server.ts (spaces does not import the features that import it).
import type { ApiHandler, ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import type { SpacesService } from "./service.ts";

const BASE = "/api/spaces";
const SPACE = `${BASE}/{space_id}` as const;
type SpacesRouter = ApiRouter<typeof BASE>;

export function spaceRoutes(api: ApiRoutes, spaces: SpacesService): SpacesRouter {
  const r = api.router(BASE);
  r.get(`${BASE}/preview/{invite_code}`, async (req, res) => {
    res.json(await spaces.preview(req.params.invite_code));
  });
  r.get(`${SPACE}/public-info`, async (req, res) => {
    res.json(await spaces.publicInfo(req.params.space_id));
  });
  // Fixed paths before /{space_id}.
  fixedPaths(r, spaces);
  oneSpace(r, spaces);
  return r;
}

function fixedPaths(r: SpacesRouter, spaces: SpacesService): void {
  r.get(BASE, async (req, res) => {
    res.json(await spaces.mine(currentUser(req).id));
  });
  r.get(`${BASE}/my`, async (req, res) => {
    res.json(await spaces.mine(currentUser(req).id));
  });
  r.post(BASE, async (req, res) => {
    res.status(201).json(await spaces.create(currentUser(req).id, req.body));
  });
  r.get(`${BASE}/discover`, async (req, res) => {
    const { sort_by = "members", limit = 50, offset = 0 } = req.query;
    res.json(await spaces.discover(currentUser(req).id, sort_by, limit, offset));
  });
  r.get(`${BASE}/search`, async (req, res) => {
    res.json(await spaces.search(currentUser(req).id, req.query.q, req.query.limit ?? 20));
  });
  const joinByInvite: ApiHandler<"/api/spaces/join/{invite_code}", "post"> = async (req, res) => {
    res.json(await spaces.joinByInvite(currentUser(req).id, req.params.invite_code));
  };
  r.post(`${BASE}/join/{invite_code}`, joinByInvite);
  r.post(`${BASE}/join/invite/{invite_code}`, joinByInvite);
  r.post(`${BASE}/requests/{request_id}/approve`, async (req, res) => {
    res.json(await spaces.approve(currentUser(req).id, req.params.request_id));
  });
  r.post(`${BASE}/requests/{request_id}/reject`, async (req, res) => {
    res.json(await spaces.reject(currentUser(req).id, req.params.request_id));
  });
}

function oneSpace(r: SpacesRouter, spaces: SpacesService): void {
  r.get(SPACE, async (req, res) => {
    res.json(await spaces.get(currentUser(req).id, req.params.space_id));
  });
  r.patch(SPACE, async (req, res) => {
    res.json(await spaces.update(currentUser(req).id, req.params.space_id, req.body));
  });
  r.delete(SPACE, async (req, res) => {
    await spaces.remove(currentUser(req).id, req.params.space_id);
    res.status(204).end();
  });
  r.post(`${SPACE}/join`, async (req, res) => {
    res.json(await spaces.join(currentUser(req).id, req.params.space_id));
  });
  r.post(`${SPACE}/leave`, async (req, res) => {
    await spaces.leave(currentUser(req).id, req.params.space_id);
    res.status(204).end();
  });
  r.post(`${SPACE}/request`, async (req, res) => {
    // The body is optional and may be a bare JSON null.
    res.json(await spaces.requestToJoin(currentUser(req).id, req.params.space_id, req.body?.message ?? null));
  });
  r.get(`${SPACE}/requests`, async (req, res) => {
    res.json(await spaces.pendingRequests(currentUser(req).id, req.params.space_id));
  });
  r.get(`${SPACE}/audit-log`, async (req, res) => {
    res.json(await spaces.auditLog(currentUser(req).id, req.params.space_id, req.query.limit ?? 50, req.query.before));
  });
}
