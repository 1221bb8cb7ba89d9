// Device sessions as the user sees them (CONTRACT 2): list, trust, log out the others, push tokens.
import type { Knex } from "knex";
import { notFound } from "../../platform/errors.ts";
import type { SessionGuard } from "./sessions.ts";
import { liveSessionIds } from "./store.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
type UserDeviceResponse = S["Auth.UserDeviceResponse"];
type PushTokenRequest = S["Auth.PushTokenRequest"];

interface DeviceRow {
  id: string;
  name: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  trusted: boolean;
}

export class DevicesService {
  constructor(private db: Knex, private sessions: SessionGuard) {}

  /** Open sessions, newest first (ids are UUIDv7). */
  async list(userId: string, currentSessionId: string): Promise<UserDeviceResponse[]> {
    const rows: DeviceRow[] = await this.db("sessions")
      .select("id", "name", "user_agent", "created_at", "last_seen_at", "trusted")
      .where({ user_id: userId })
      .whereNull("revoked_at")
      .orderBy("id", "desc");
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
    const n = await this.db("sessions").where({ id: deviceId, user_id: userId }).whereNull("revoked_at").update({ trusted });
    if (n !== 1) throw notFound("device not found");
  }

  async logoutOthers(userId: string, currentSessionId: string): Promise<void> {
    await this.sessions.revoke(this.db, await liveSessionIds(this.db, userId, currentSessionId));
  }

  async setPushToken(sessionId: string, body: PushTokenRequest | null): Promise<void> {
    await this.db("sessions").where({ id: sessionId }).update({ push_token: body?.token ?? null, push_platform: body?.platform ?? null });
  }
}
