// HTTP binding of /api/users: profile, avatar, settings, anonymous accounts, presence.
import { Router, type Request, type RequestHandler } from "express";
import type { PresenceService } from "../presence/index.ts";
import type { UsersService } from "./service.ts";

/** `req.ip`, so TRUST_PROXY applies. */
const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? "unknown";

export interface UsersRouteDeps {
  users: UsersService;
  presence: PresenceService;
  /** The user authentication middleware and the id of the user it found: auth's, handed in by the composition root. */
  requireUser: RequestHandler;
  currentUserId: (req: Request) => string;
}

export function usersRoutes({ users, presence, requireUser, currentUserId: me }: UsersRouteDeps): Router {
  const r = Router();

  r.get("/me", requireUser, async (req, res) => void res.json(await users.me(me(req))));
  r.patch("/me", requireUser, async (req, res) => void res.json(await users.update(me(req), req.body, clientAddress(req))));
  r.put("/me/default-avatar", requireUser, async (req, res) => {
    await users.setDefaultAvatar(me(req), req.body.index);
    res.json({ status: "ok" });
  });

  r.get("/me/settings", requireUser, async (req, res) => void res.json(await users.settings(me(req))));
  r.patch("/me/settings", requireUser, async (req, res) => void res.json(await users.updateSettings(me(req), req.body)));

  r.get("/me/presence", requireUser, async (req, res) => void res.json(await presence.get(me(req), me(req))));
  const choose = async (req: Request, res: import("express").Response) => {
    res.json(await presence.choose(me(req), req.body.status, req.body.custom_status ?? null));
  };
  r.post("/me/presence", requireUser, choose);
  r.post("/presence", requireUser, choose);
  r.post("/me/online", requireUser, async (req, res) => {
    res.json(await presence.choose(me(req), "online", await presence.currentCustomStatus(me(req))));
  });
  r.post("/me/offline", requireUser, async (req, res) => {
    res.json(await presence.choose(me(req), "offline", await presence.currentCustomStatus(me(req))));
  });
  r.post("/me/activity", requireUser, async (req, res) => {
    await presence.touch(me(req));
    res.json({ status: "ok" });
  });

  r.post("/register", async (req, res) => {
    const meta = { userAgent: req.headers["user-agent"] ?? null, ip: clientAddress(req) };
    res.json(await users.registerAnonymous(meta));
  });

  r.get("/:user_id", async (req, res) => void res.json(await users.publicProfile(req.params.user_id)));
  return r;
}
