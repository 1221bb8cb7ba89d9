// HTTP binding of /api/spaces/{space_id}/channels. Mounted behind user authentication.
import { Router } from "express";
import { currentUser } from "../auth/index.ts";
import { spaceIdOf } from "../spaces/index.ts";
import type { ChannelsService } from "./service.ts";

export function channelRoutes(channels: ChannelsService): Router {
  const r = Router({ mergeParams: true });
  r.get("/", async (req, res) => {
    res.json(await channels.list(currentUser(req).id, spaceIdOf(req)));
  });
  r.post("/", async (req, res) => {
    res.status(201).json(await channels.create(currentUser(req).id, spaceIdOf(req), req.body));
  });
  r.patch("/:channel_id", async (req, res) => {
    res.json(await channels.update(currentUser(req).id, spaceIdOf(req), req.params.channel_id, req.body));
  });
  r.delete("/:channel_id", async (req, res) => {
    await channels.remove(currentUser(req).id, spaceIdOf(req), req.params.channel_id);
    res.status(204).end();
  });
  return r;
}
