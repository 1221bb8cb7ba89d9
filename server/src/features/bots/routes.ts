// HTTP binding of /api/bots (the web interface's side of bot accounts), behind user authentication.
import { Router } from "express";
import { currentUser, userAuth, type UserAuthenticator } from "../auth/index.ts";
import type { BotsService } from "./service.ts";

export function botAccountRoutes(bots: BotsService, users: UserAuthenticator): Router {
  const r = Router();
  r.use(userAuth(users));
  r.post("/", async (req, res) => {
    res.status(201).json(await bots.create(currentUser(req).id, req.body));
  });
  r.get("/", async (req, res) => {
    res.json(await bots.list(currentUser(req).id));
  });
  r.get("/:bot_id", async (req, res) => {
    res.json(await bots.get(currentUser(req).id, req.params.bot_id));
  });
  r.patch("/:bot_id", async (req, res) => {
    res.json(await bots.update(currentUser(req).id, req.params.bot_id, req.body));
  });
  r.delete("/:bot_id", async (req, res) => {
    await bots.remove(currentUser(req).id, req.params.bot_id);
    res.status(204).end();
  });
  r.post("/:bot_id/token/rotate", async (req, res) => {
    res.json(await bots.rotateToken(currentUser(req).id, req.params.bot_id));
  });
  r.post("/:bot_id/suspend", async (req, res) => {
    res.json(await bots.setSuspended(currentUser(req).id, req.params.bot_id, true));
  });
  r.post("/:bot_id/unsuspend", async (req, res) => {
    res.json(await bots.setSuspended(currentUser(req).id, req.params.bot_id, false));
  });
  r.get("/:bot_id/audit-log", async (req, res) => {
    const before = typeof req.query.before === "string" ? req.query.before : undefined;
    res.json(await bots.auditLog(currentUser(req).id, req.params.bot_id, Number(req.query.limit ?? 50), before));
  });
  return r;
}
