// HTTP binding of /api/spaces/{space_id}/members (Bearer, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import type { MembersService } from "./service.ts";

const BASE = "/api/spaces/{space_id}/members";
const MEMBER = `${BASE}/{member_id}` as const;

export function memberRoutes(api: ApiRoutes, members: MembersService): ApiRouter<typeof BASE> {
  return api
    .router(BASE)
    .get(BASE, async (req, res) => {
      const { limit, before } = req.query;
      res.json(await members.list(currentUser(req).id, req.params.space_id, { limit, before }));
    })
    .delete(MEMBER, async (req, res) => {
      await members.kick(currentUser(req).id, req.params.space_id, req.params.member_id);
      res.status(204).end();
    })
    .patch(`${MEMBER}/role`, async (req, res) => {
      res.json(await members.setRole(currentUser(req).id, req.params.space_id, req.params.member_id, req.body.role));
    })
    .patch(`${MEMBER}/nickname`, async (req, res) => {
      res.json(await members.setNickname(currentUser(req).id, req.params.space_id, req.params.member_id, req.body.nickname));
    })
    .patch(`${MEMBER}/display-role`, async (req, res) => {
      res.json(await members.setDisplayRole(currentUser(req).id, req.params.space_id, req.params.member_id, req.body.display_role));
    })
    .post(`${MEMBER}/mute`, async (req, res) => {
      res.json(await members.mute(currentUser(req).id, req.params.space_id, req.params.member_id, req.body.duration_seconds));
    })
    .post(`${MEMBER}/unmute`, async (req, res) => {
      res.json(await members.unmute(currentUser(req).id, req.params.space_id, req.params.member_id));
    });
}
