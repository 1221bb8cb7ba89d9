// Device sessions as the user sees them: list, trust, log out the others, push tokens.
import type { Db } from "../../platform/db.ts";
import { notFound } from "../../platform/errors.ts";
import type { SessionGuard } from "./sessions.ts";
import { liveDevices, liveSessionIds, setPushToken, setSessionTrusted } from "./store.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
type UserDeviceResponse = S["Auth.UserDeviceResponse"];
type PushTokenRequest = S["Auth.PushTokenRequest"];

export class DevicesService {
  constructor(
    private db: Db,
    private sessions: SessionGuard,
  ) {}

  /** Open sessions, newest first (ids are UUIDv7). */
  async list(userId: string, currentSessionId: string): Promise<UserDeviceResponse[]> {
    const rows = await liveDevices(this.db, userId);
    return rows.map((r) => ({
      device_id: r.id,
      name: r.name,
      user_agent: r.user_agent,
      created_at: r.created_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
      trusted: r.trusted,
      current: r.id === currentSessionId,
    }));
  }

  async setTrusted(userId: string, deviceId: string, trusted: boolean): Promise<void> {
    if (!(await setSessionTrusted(this.db, userId, deviceId, trusted))) throw notFound("device not found");
  }

  async logoutOthers(userId: string, currentSessionId: string): Promise<void> {
    await this.sessions.revoke(this.db, await liveSessionIds(this.db, userId, currentSessionId));
  }

  async setPushToken(sessionId: string, body: PushTokenRequest | null): Promise<void> {
    await setPushToken(this.db, sessionId, body?.token ?? null, body?.platform ?? null);
  }
}
