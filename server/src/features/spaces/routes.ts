// HTTP binding of /api/spaces and /api/spaces/{space_id}/audit-log. Preview and public-info
// are open; everything else needs a user. The members and channels routers under a space are mounted by server.ts
// (spaces does not import the features that import it).
import { Router, type RequestHandler } from "express";
import { currentUser } from "../auth/index.ts";
import type { SpacesService } from "./service.ts";
import type { DiscoverSort } from "./store.ts";

export interface SpaceRouteDeps {
  spaces: SpacesService;
  /** The user authentication middleware. */
  requireUser: RequestHandler;
}

export function spaceRoutes({ spaces, requireUser: auth }: SpaceRouteDeps): Router {
  const r = Router();
  const me = (req: Parameters<RequestHandler>[0]) => currentUser(req).id;

  r.get("/preview/:invite_code", async (req, res) => {
    res.json(await spaces.preview(String(req.params.invite_code)));
  });
  r.get("/:space_id/public-info", async (req, res) => {
    res.json(await spaces.publicInfo(String(req.params.space_id)));
  });

  // Fixed paths before /:space_id.
  r.get("/", auth, async (req, res) => {
    res.json(await spaces.mine(me(req)));
  });
  r.get("/my", auth, async (req, res) => {
    res.json(await spaces.mine(me(req)));
  });
  r.post("/", auth, async (req, res) => {
    res.status(201).json(await spaces.create(me(req), req.body));
  });
  r.get("/discover", auth, async (req, res) => {
    const sort = (req.query.sort_by ?? "members") as DiscoverSort;
    res.json(await spaces.discover(me(req), sort, Number(req.query.limit ?? 50), Number(req.query.offset ?? 0)));
  });
  r.get("/search", auth, async (req, res) => {
    res.json(await spaces.search(me(req), String(req.query.q), Number(req.query.limit ?? 20)));
  });
  const joinByInvite: RequestHandler = async (req, res) => {
    res.json(await spaces.joinByInvite(me(req), String(req.params.invite_code)));
  };
  r.post("/join/:invite_code", auth, joinByInvite);
  r.post("/join/invite/:invite_code", auth, joinByInvite);
  r.post("/requests/:request_id/approve", auth, async (req, res) => {
    res.json(await spaces.approve(me(req), String(req.params.request_id)));
  });
  r.post("/requests/:request_id/reject", auth, async (req, res) => {
    res.json(await spaces.reject(me(req), String(req.params.request_id)));
  });

  r.get("/:space_id", auth, async (req, res) => {
    res.json(await spaces.get(me(req), String(req.params.space_id)));
  });
  r.patch("/:space_id", auth, async (req, res) => {
    res.json(await spaces.update(me(req), String(req.params.space_id), req.body));
  });
  r.delete("/:space_id", auth, async (req, res) => {
    await spaces.remove(me(req), String(req.params.space_id));
    res.status(204).end();
  });
  r.post("/:space_id/join", auth, async (req, res) => {
    res.json(await spaces.join(me(req), String(req.params.space_id)));
  });
  r.post("/:space_id/leave", auth, async (req, res) => {
    await spaces.leave(me(req), String(req.params.space_id));
    res.status(204).end();
  });
  r.post("/:space_id/request", auth, async (req, res) => {
    const message = (req.body as { message?: string | null } | null | undefined)?.message ?? null;
    res.json(await spaces.requestToJoin(me(req), String(req.params.space_id), message));
  });
  r.get("/:space_id/requests", auth, async (req, res) => {
    res.json(await spaces.pendingRequests(me(req), String(req.params.space_id)));
  });

  r.get("/:space_id/audit-log", auth, async (req, res) => {
    const before = typeof req.query.before === "string" ? req.query.before : undefined;
    res.json(await spaces.auditLog(me(req), String(req.params.space_id), Number(req.query.limit ?? 50), before));
  });
  return r;
}
