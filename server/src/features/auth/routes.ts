// HTTP binding of /api/auth.
import { Router, type Request } from "express";
import type { AuthService, ClientMeta } from "./service.ts";
import { currentUser, userAuth, type UserAuthenticator } from "./middleware.ts";

const meta = (req: Request, deviceName?: string): ClientMeta => ({ userAgent: req.headers["user-agent"] ?? null, deviceName: deviceName ?? null });

export function authRoutes(auth: AuthService, users: UserAuthenticator): Router {
  const r = Router();
  const requireUser = userAuth(users);

  r.post("/register", async (req, res) => {
    res.status(201).json(await auth.register(req.body, meta(req)));
  });
  r.post("/login", async (req, res) => {
    const user = await auth.checkCredentials(req.body);
    const device = await auth.knownDevice(user.id, req.body.device_id, req.body.device_secret);
    res.json(await auth.finishLogin(user, meta(req, req.body.device_name), device));
  });
  r.post("/refresh", async (req, res) => {
    res.json(await auth.refresh(req.body.refresh_token));
  });
  r.get("/me", requireUser, async (req, res) => {
    res.json(await auth.me(currentUser(req).id));
  });
  r.post("/logout", requireUser, async (req, res) => {
    const u = currentUser(req);
    await auth.logout(u.id, u.sessionId, typeof req.query.refresh_token === "string" ? req.query.refresh_token : undefined);
    res.json({ message: "logged out" });
  });
  return r;
}
