// HTTP binding of the friends endpoints under /api/users (Bearer, as the contract says).
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import { currentUser } from "../auth/index.ts";
import type { FriendsService } from "./service.ts";

const BASE = "/api/users";

export function friendsRoutes(api: ApiRoutes, friends: FriendsService): ApiRouter<typeof BASE> {
  return api
    .router(BASE)
    .post(`${BASE}/friends/add/{username}`, async (req, res) => {
      res.json({ message: await friends.add(currentUser(req).id, req.params.username) });
    })
    .get(`${BASE}/me/friends`, async (req, res) => void res.json(await friends.list(currentUser(req).id)))
    .get(`${BASE}/me/friends/requests`, async (req, res) => void res.json(await friends.requests(currentUser(req).id)))
    .delete(`${BASE}/me/friends/{user_id}`, async (req, res) => {
      await friends.remove(currentUser(req).id, req.params.user_id);
      res.status(204).end();
    });
}
