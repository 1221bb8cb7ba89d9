// HTTP binding of GET /api/spaces/{space_id}/audit-log (admin and owner). Mounted behind user authentication.
import { Router } from "express";
import type { Knex } from "knex";
import { currentUser } from "../auth/middleware.ts";
import { spaceIdOf } from "../spaces/guard.ts";
import { spaceWithRole } from "../spaces/guard.ts";
import { spaceAuditLog } from "./read.ts";

export function spaceAuditRoutes(db: Knex): Router {
  const r = Router({ mergeParams: true });
  r.get("/", async (req, res) => {
    const spaceId = spaceIdOf(req);
    await spaceWithRole(db, spaceId, currentUser(req).id, "admin");
    const before = typeof req.query.before === "string" ? req.query.before : undefined;
    res.json(await spaceAuditLog(db, spaceId, Number(req.query.limit ?? 50), before));
  });
  return r;
}
