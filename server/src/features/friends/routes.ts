// HTTP binding of the friends endpoints under /api/users.
import { Router } from "express";
import { currentUser, userAuth, type UserAuthenticator } from "../auth/index.ts";
import type { FriendsService } from "./service.ts";

export function friendsRoutes(friends: FriendsService, auth: UserAuthenticator): Router {
  const r = Router();
  const requireUser = userAuth(auth);
  r.post("/friends/add/:username", requireUser, async (req, res) => {
    res.json({ message: await friends.add(currentUser(req).id, req.params.username as string) });
  });
  r.get("/me/friends", requireUser, async (req, res) => void res.json(await friends.list(currentUser(req).id)));
  r.get("/me/friends/requests", requireUser, async (req, res) => void res.json(await friends.requests(currentUser(req).id)));
  r.delete("/me/friends/:user_id", requireUser, async (req, res) => {
    await friends.remove(currentUser(req).id, req.params.user_id as string);
    res.status(204).end();
  });
  return r;
}
