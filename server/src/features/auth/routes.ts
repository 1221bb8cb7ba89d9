// HTTP binding of /api/auth: open (register, login, …) or Bearer per operation, as the contract says.
import type { Request } from "express";
import type { ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import type { AuthService, ClientMeta } from "./service.ts";
import type { TwoFactorService } from "./two-factor.ts";
import type { DevicesService } from "./devices.ts";
import type { EmailFlows } from "./email-flows.ts";
import { SAME_ANSWER } from "./email-flows.ts";
import { currentUser } from "./middleware.ts";
import { sendJsonText } from "../../platform/http/json-text.ts";

const meta = (req: Request<unknown, unknown, unknown, unknown>, deviceName?: string): ClientMeta => ({
  userAgent: req.headers["user-agent"] ?? null,
  deviceName: deviceName ?? null,
  ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
});

export interface AuthRouteDeps {
  auth: AuthService;
  twoFactor: TwoFactorService;
  devices: DevicesService;
  emails: EmailFlows;
}

const BASE = "/api/auth";
type AuthRouter = ApiRouter<typeof BASE>;

export function authRoutes(api: ApiRoutes, deps: AuthRouteDeps): AuthRouter {
  const r = api.router(BASE);
  sessionRoutes(r, deps);
  emailRoutes(r, deps);
  lookupAndDeviceRoutes(r, deps);
  return r;
}

function sessionRoutes(r: AuthRouter, { auth, twoFactor }: AuthRouteDeps): void {
  // First in the table: every client start and poll asks for it, and the router tries routes in order.
  r.get(`${BASE}/me`, (req, res) => {
    // Answered in this turn when the row is cached, with the row's JSON text made once.
    const id = currentUser(req).id;
    const cached = auth.meCachedJson(id);
    if (cached !== undefined) return sendJsonText(req, res, cached);
    return auth.me(id).then((user) => void res.json(user));
  });
  r.post(`${BASE}/register`, async (req, res) => {
    res.status(201).json(await auth.register(req.body, meta(req)));
  });
  r.post(`${BASE}/login`, async (req, res) => {
    res.json(await auth.login(req.body, meta(req, req.body.device_name)));
  });
  r.post(`${BASE}/login/2fa`, async (req, res) => {
    res.json(await auth.login2fa(req.body, meta(req)));
  });
  r.post(`${BASE}/refresh`, async (req, res) => {
    res.json(await auth.refresh(req.body.refresh_token));
  });
  r.post(`${BASE}/logout`, async (req, res) => {
    const u = currentUser(req);
    await auth.logout(u.id, u.sessionId, req.query.refresh_token);
    res.json({ message: "logged out" });
  });
  r.post(`${BASE}/toggle-2fa`, async (req, res) => {
    res.json(await twoFactor.toggle(currentUser(req).id, req.body, meta(req).ip));
  });
}

function emailRoutes(r: AuthRouter, { auth, emails }: AuthRouteDeps): void {
  r.post(`${BASE}/verify-email`, async (req, res) => {
    await emails.verify(req.body.token);
    res.json({ message: "email verified" });
  });
  r.post(`${BASE}/resend-verification`, (req, res) => {
    emails.resend(req.body.email);
    res.json({ message: SAME_ANSWER });
  });
  r.post(`${BASE}/forgot-password`, (req, res) => {
    emails.forgot(req.body.email);
    res.json({ message: SAME_ANSWER });
  });
  r.post(`${BASE}/reset-password`, async (req, res) => {
    await emails.reset(req.body.token, req.body.new_password, meta(req).ip);
    res.json({ message: "password reset" });
  });
  r.post(`${BASE}/change-password`, async (req, res) => {
    const u = currentUser(req);
    await auth.changePassword(u.id, u.sessionId, meta(req).ip, req.body.current_password, req.body.new_password);
    res.json({ message: "password changed" });
  });
  r.post(`${BASE}/send-test-email`, async (req, res) => {
    await emails.sendTest(currentUser(req).id);
    res.json({ status: "sent" });
  });
}

function lookupAndDeviceRoutes(r: AuthRouter, { auth, devices }: AuthRouteDeps): void {
  r.get(`${BASE}/check-username`, async (req, res) => {
    res.json({ available: await auth.usernameAvailable(req.query.username) });
  });
  r.get(`${BASE}/check-email`, async (req, res) => {
    res.json({ available: await auth.emailAvailable(req.query.email) });
  });
  r.get(`${BASE}/devices`, async (req, res) => {
    const u = currentUser(req);
    res.json(await devices.list(u.id, u.sessionId));
  });
  r.delete(`${BASE}/devices`, async (req, res) => {
    const u = currentUser(req);
    await devices.logoutOthers(u.id, u.sessionId);
    res.status(204).end();
  });
  r.patch(`${BASE}/devices/{device_id}/trust`, async (req, res) => {
    const { trusted } = req.query;
    await devices.setTrusted(currentUser(req).id, req.params.device_id, trusted);
    res.json({ message: trusted ? "device trusted" : "device untrusted" });
  });
  r.post(`${BASE}/push-token`, async (req, res) => {
    await devices.setPushToken(currentUser(req).sessionId, req.body);
    res.json({ message: "push token saved" });
  });
  r.delete(`${BASE}/push-token`, async (req, res) => {
    await devices.setPushToken(currentUser(req).sessionId, null);
    res.json({ message: "push token removed" });
  });
}
