// HTTP binding of /api/auth.
import { Router, type Request } from "express";
import type { AuthService, ClientMeta } from "./service.ts";
import type { TwoFactorService } from "./two-factor.ts";
import type { DevicesService } from "./devices.ts";
import type { EmailFlows } from "./email-flows.ts";
import { SAME_ANSWER } from "./email-flows.ts";
import { currentUser, userAuth, type UserAuthenticator } from "./middleware.ts";
import { sendJsonText } from "../../platform/http/json-text.ts";

const meta = (req: Request, deviceName?: string): ClientMeta => ({
  userAgent: req.headers["user-agent"] ?? null,
  deviceName: deviceName ?? null,
  ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
});

export interface AuthRouteDeps {
  auth: AuthService;
  users: UserAuthenticator;
  twoFactor: TwoFactorService;
  devices: DevicesService;
  emails: EmailFlows;
}

export function authRoutes({ auth, users, twoFactor, devices, emails }: AuthRouteDeps): Router {
  const r = Router();
  const requireUser = userAuth(users);

  // First in the table: every client start and poll asks for it, and the router tries routes in order.
  r.get("/me", requireUser, (req, res) => {
    // Answered in this turn when the row is cached, with the row's JSON text made once.
    const id = currentUser(req).id;
    const cached = auth.meCachedJson(id);
    if (cached !== undefined) return sendJsonText(req, res, cached);
    return auth.me(id).then((user) => void res.json(user));
  });

  r.post("/register", async (req, res) => {
    res.status(201).json(await auth.register(req.body, meta(req)));
  });
  r.post("/login", async (req, res) => {
    res.json(await auth.login(req.body, meta(req, req.body.device_name)));
  });
  r.post("/login/2fa", async (req, res) => {
    res.json(await auth.login2fa(req.body, meta(req)));
  });
  r.post("/refresh", async (req, res) => {
    res.json(await auth.refresh(req.body.refresh_token));
  });
  r.post("/logout", requireUser, async (req, res) => {
    const u = currentUser(req);
    await auth.logout(u.id, u.sessionId, typeof req.query.refresh_token === "string" ? req.query.refresh_token : undefined);
    res.json({ message: "logged out" });
  });

  r.post("/toggle-2fa", requireUser, async (req, res) => {
    res.json(await twoFactor.toggle(currentUser(req).id, req.body, meta(req).ip));
  });

  r.post("/verify-email", async (req, res) => {
    await emails.verify(req.body.token);
    res.json({ message: "email verified" });
  });
  r.post("/resend-verification", (req, res) => {
    emails.resend(req.body.email);
    res.json({ message: SAME_ANSWER });
  });
  r.post("/forgot-password", (req, res) => {
    emails.forgot(req.body.email);
    res.json({ message: SAME_ANSWER });
  });
  r.post("/reset-password", async (req, res) => {
    await emails.reset(req.body.token, req.body.new_password, meta(req).ip);
    res.json({ message: "password reset" });
  });
  r.post("/change-password", requireUser, async (req, res) => {
    const u = currentUser(req);
    await auth.changePassword(u.id, u.sessionId, meta(req).ip, req.body.current_password, req.body.new_password);
    res.json({ message: "password changed" });
  });
  r.post("/send-test-email", requireUser, async (req, res) => {
    await emails.sendTest(currentUser(req).id);
    res.json({ status: "sent" });
  });

  r.get("/check-username", async (req, res) => {
    res.json({ available: await auth.usernameAvailable(String(req.query.username)) });
  });
  r.get("/check-email", async (req, res) => {
    res.json({ available: await auth.emailAvailable(String(req.query.email)) });
  });

  r.get("/devices", requireUser, async (req, res) => {
    const u = currentUser(req);
    res.json(await devices.list(u.id, u.sessionId));
  });
  r.delete("/devices", requireUser, async (req, res) => {
    const u = currentUser(req);
    await devices.logoutOthers(u.id, u.sessionId);
    res.status(204).end();
  });
  r.patch("/devices/:device_id/trust", requireUser, async (req, res) => {
    // The validator has already coerced `trusted` to a boolean.
    const trusted = (req.query.trusted as unknown) === true || req.query.trusted === "true";
    await devices.setTrusted(currentUser(req).id, String(req.params.device_id), trusted);
    res.json({ message: trusted ? "device trusted" : "device untrusted" });
  });
  r.post("/push-token", requireUser, async (req, res) => {
    await devices.setPushToken(currentUser(req).sessionId, req.body);
    res.json({ message: "push token saved" });
  });
  r.delete("/push-token", requireUser, async (req, res) => {
    await devices.setPushToken(currentUser(req).sessionId, null);
    res.json({ message: "push token removed" });
  });
  return r;
}
