// HTTP binding of /api/users: profile, avatar, settings, anonymous accounts, presence (Bearer but for the open
// operations, as the contract says).
import type { Request } from "express";
import type { ApiHandler, ApiRouter, ApiRoutes } from "../../platform/http/api-routes.ts";
import type { PresenceService } from "../presence/index.ts";
import type { UsersService } from "./service.ts";

/** `req.ip`, so TRUST_PROXY applies. */
const clientAddress = (req: Request<unknown, unknown, unknown, unknown>): string => req.ip ?? req.socket.remoteAddress ?? "unknown";

const BASE = "/api/users";
const ME = `${BASE}/me` as const;

export interface UsersRouteDeps {
  users: UsersService;
  presence: PresenceService;
  /** The id of the user the route's authentication found: auth's, handed in by the composition root. */
  currentUserId: (req: Pick<Request, "user">) => string;
}

export function usersRoutes(api: ApiRoutes, { users, presence, currentUserId: me }: UsersRouteDeps): ApiRouter<typeof BASE> {
  const r = api.router(BASE);
  r.get(ME, async (req, res) => void res.json(await users.me(me(req))));
  r.patch(ME, async (req, res) => void res.json(await users.update(me(req), req.body, clientAddress(req))));
  r.put(`${ME}/default-avatar`, async (req, res) => {
    await users.setDefaultAvatar(me(req), req.body.index);
    res.json({ status: "ok" });
  });

  r.get(`${ME}/settings`, async (req, res) => void res.json(await users.settings(me(req))));
  r.patch(`${ME}/settings`, async (req, res) => void res.json(await users.updateSettings(me(req), req.body)));

  r.get(`${ME}/presence`, async (req, res) => void res.json(await presence.get(me(req), me(req))));
  const choose: ApiHandler<"/api/users/me/presence", "post"> = async (req, res) => {
    res.json(await presence.choose(me(req), req.body.status, req.body.custom_status ?? null));
  };
  r.post(`${ME}/presence`, choose);
  r.post(`${BASE}/presence`, choose);
  r.post(`${ME}/online`, async (req, res) => {
    res.json(await presence.choose(me(req), "online", await presence.currentCustomStatus(me(req))));
  });
  r.post(`${ME}/offline`, async (req, res) => {
    res.json(await presence.choose(me(req), "offline", await presence.currentCustomStatus(me(req))));
  });
  r.post(`${ME}/activity`, async (req, res) => {
    await presence.touch(me(req));
    res.json({ status: "ok" });
  });

  r.post(`${BASE}/register`, async (req, res) => {
    const meta = { userAgent: req.headers["user-agent"] ?? null, ip: clientAddress(req) };
    res.json(await users.registerAnonymous(meta));
  });

  r.get(`${BASE}/{user_id}`, async (req, res) => void res.json(await users.publicProfile(req.params.user_id)));
  return r;
}
