// HTTP binding of /api/spaces/{space_id}/members. Mounted behind user authentication.
import { Router, type Request } from "express";
import { currentUser } from "../auth/index.ts";
import { spaceIdOf } from "../spaces/index.ts";
import type { MembersService } from "./service.ts";

export function memberRoutes(members: MembersService): Router {
  const r = Router({ mergeParams: true });
  const ids = (req: Request) => [spaceIdOf(req), String(req.params.member_id)] as const;
  r.get("/", async (req, res) => {
    const limit = req.query.limit === undefined ? undefined : Number(req.query.limit);
    const before = typeof req.query.before === "string" ? req.query.before : undefined;
    res.json(await members.list(currentUser(req).id, spaceIdOf(req), { limit, before }));
  });
  r.delete("/:member_id", async (req, res) => {
    await members.kick(currentUser(req).id, ...ids(req));
    res.status(204).end();
  });
  r.patch("/:member_id/role", async (req, res) => {
    res.json(await members.setRole(currentUser(req).id, ...ids(req), req.body.role));
  });
  r.patch("/:member_id/nickname", async (req, res) => {
    res.json(await members.setNickname(currentUser(req).id, ...ids(req), req.body.nickname));
  });
  r.patch("/:member_id/display-role", async (req, res) => {
    res.json(await members.setDisplayRole(currentUser(req).id, ...ids(req), req.body.display_role));
  });
  r.post("/:member_id/mute", async (req, res) => {
    res.json(await members.mute(currentUser(req).id, ...ids(req), req.body.duration_seconds));
  });
  r.post("/:member_id/unmute", async (req, res) => {
    res.json(await members.unmute(currentUser(req).id, ...ids(req)));
  });
  return r;
}
