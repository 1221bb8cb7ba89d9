// HTTP binding of /api/spaces/{space_id}/bots; server.ts mounts it there behind user authentication.
import { Router, type Request } from "express";
import { currentUser } from "../auth/index.ts";
import type { InstallsService } from "./service.ts";

// Both are validated as UUIDs by the contract before a handler runs.
const space = (req: Request) => String((req.params as Record<string, string>).space_id);
const botUser = (req: Request) => String((req.params as Record<string, string>).bot_user_id);

/** Mount at `/api/spaces/:space_id/bots`. */
export function installRoutes(installs: InstallsService): Router {
  const r = Router({ mergeParams: true });
  r.post("/", async (req, res) => {
    res.status(201).json(await installs.install(currentUser(req).id, space(req), req.body));
  });
  r.get("/", async (req, res) => {
    res.json(await installs.list(currentUser(req).id, space(req)));
  });
  r.patch("/:bot_user_id", async (req, res) => {
    res.json(await installs.update(currentUser(req).id, space(req), botUser(req), req.body));
  });
  r.delete("/:bot_user_id", async (req, res) => {
    await installs.uninstall(currentUser(req).id, space(req), botUser(req));
    res.status(204).end();
  });
  return r;
}
