// Presence lives in the Kv seam as a few small facts per user (Redis TTL keys, or the in-process Map),
// never in a PostgreSQL row. The visible status is computed from those facts at read time (rules.ts),
// so no timer has to flip a stored status when 5 minutes or 60 seconds have passed.
import type { Knex } from "knex";
import type { Kv } from "../../platform/kv.ts";
import type { Clock } from "../../platform/clock.ts";
import type { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import { effectiveStatus, publicView, OFFLINE_AFTER_DISCONNECT_MS, type PresenceFacts, type PresenceStatus } from "./rules.ts";

export type { PresenceStatus } from "./rules.ts";

export interface PresenceView {
  status: PresenceStatus;
  custom_status: string | null;
}

export interface PresenceRecord extends PresenceView {
  user_id: string;
  last_active_at: string | null;
}

const DAY = 86_400_000;
/** Facts are garbage-collected by TTL; long enough that nobody notices, short enough that dead keys go away. */
const FACT_TTL_MS = 30 * DAY;
/** A connection counter outlives any realistic socket; a crashed process's count dies with it eventually. */
const CONN_TTL_MS = 7 * DAY;

const K = {
  chosen: (u: string) => `presence:chosen:${u}`,
  active: (u: string) => `presence:active:${u}`,
  conns: (u: string) => `presence:conns:${u}`,
  left: (u: string) => `presence:left:${u}`,
  hidden: (u: string) => `presence:hidden:${u}`,
};
const KEYS_PER_USER = 5;

export class PresenceService {
  private offlineTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private kv: Kv,
    private clock: Clock,
    private db: Knex,
    private realtime: RealtimePublisher,
  ) {}

  /** A realtime connection of `userId` opened (called by the gateway). */
  async connected(userId: string): Promise<void> {
    const before = await this.facts(userId);
    const n = await this.kv.incr(K.conns(userId), CONN_TTL_MS);
    if (n === 1) {
      await this.kv.del(K.left(userId));
      await this.syncHidden(userId);
    }
    await this.publishIfChanged(userId, before);
  }

  /** A realtime connection of `userId` closed; the last one starts the 60 s offline rule. */
  async disconnected(userId: string): Promise<void> {
    const n = await this.kv.decr(K.conns(userId));
    if (n > 0) return;
    await this.kv.set(K.left(userId), String(this.clock.now()), FACT_TTL_MS);
    // Tell others when the user actually turns offline; the status itself needs no timer.
    clearTimeout(this.offlineTimers.get(userId));
    const timer = setTimeout(() => {
      this.offlineTimers.delete(userId);
      void this.announce(userId).catch(() => {});
    }, OFFLINE_AFTER_DISCONNECT_MS + 1000);
    timer.unref();
    this.offlineTimers.set(userId, timer);
  }

  /** Activity: refreshes last_active_at (and ends an explicit offline). */
  async touch(userId: string): Promise<void> {
    const before = await this.facts(userId);
    await this.kv.set(K.active(userId), String(this.clock.now()), FACT_TTL_MS);
    await this.publishIfChanged(userId, before);
  }

  /** A status the user chose (POST /me/presence, /me/online, /me/offline). Choosing counts as activity, except offline. */
  async choose(userId: string, status: PresenceStatus, customStatus: string | null): Promise<PresenceRecord> {
    const before = await this.facts(userId);
    const now = this.clock.now();
    await this.kv.set(K.chosen(userId), JSON.stringify({ status, custom: customStatus, at: now }), FACT_TTL_MS);
    if (status !== "offline") await this.kv.set(K.active(userId), String(now), FACT_TTL_MS);
    await this.publishIfChanged(userId, before);
    return this.get(userId, userId);
  }

  /** The custom status kept when only the status changes (/me/online, /me/offline). */
  async currentCustomStatus(userId: string): Promise<string | null> {
    return (await this.facts(userId)).chosen?.custom ?? null;
  }

  /** settings.privacy.show_presence changed: others see the user offline while it is false. */
  async setHidden(userId: string, hidden: boolean): Promise<void> {
    const before = await this.facts(userId);
    if (hidden) await this.kv.set(K.hidden(userId), "1");
    else await this.kv.del(K.hidden(userId));
    if (before.hidden !== hidden) await this.announce(userId);
  }

  async get(userId: string, viewerId: string): Promise<PresenceRecord> {
    const f = await this.facts(userId);
    const status = effectiveStatus(f, this.clock.now());
    const custom = f.chosen?.custom ?? null;
    const view = viewerId === userId ? { status, custom_status: custom } : publicView(status, custom, f.hidden);
    const lastActive = viewerId === userId || view.status !== "offline" ? f.lastActiveAt : null;
    return { user_id: userId, ...view, last_active_at: lastActive === null ? null : new Date(lastActive).toISOString() };
  }

  /** Presence of many users as `viewerId` sees it, in one batched Kv read. */
  async viewMany(userIds: string[], viewerId: string): Promise<Map<string, PresenceView>> {
    const ids = [...new Set(userIds)];
    const values = await this.kv.mget(ids.flatMap(keysOf));
    const now = this.clock.now();
    const out = new Map<string, PresenceView>();
    ids.forEach((id, i) => {
      const f = parseFacts(values.slice(i * KEYS_PER_USER, (i + 1) * KEYS_PER_USER));
      const status = effectiveStatus(f, now);
      const custom = f.chosen?.custom ?? null;
      out.set(id, id === viewerId ? { status, custom_status: custom } : publicView(status, custom, f.hidden));
    });
    return out;
  }

  /** Who hears about a user's presence: accepted friends and everyone sharing a space. */
  /**
   * Who hears of a user's presence: the spaces it is in (one publish per space, however many members) and the
   * friends who share none of them (one publish each). A co-member in two shared spaces hears it twice.
   */
  async audience(userId: string): Promise<{ spaceIds: string[]; friendIds: string[] }> {
    const [spaces, friends] = await Promise.all([
      this.db("members").select("space_id").where({ user_id: userId }),
      this.db("friendships as f")
        .select("f.friend_id as id")
        .where({ "f.user_id": userId, "f.state": "accepted" })
        .whereNotExists((q) =>
          q.select(this.db.raw("1")).from("members as m1").join("members as m2", "m2.space_id", "m1.space_id").where("m1.user_id", userId).whereRaw("m2.user_id = f.friend_id"),
        ),
    ]);
    return { spaceIds: spaces.map((r: { space_id: string }) => r.space_id), friendIds: friends.map((r: { id: string }) => r.id) };
  }

  /** Clears pending offline announcements (server shutdown). */
  stop(): void {
    for (const t of this.offlineTimers.values()) clearTimeout(t);
    this.offlineTimers.clear();
  }

  private async facts(userId: string): Promise<PresenceFacts> {
    return parseFacts(await this.kv.mget(keysOf(userId)));
  }

  private async syncHidden(userId: string): Promise<void> {
    const row = await this.db("users").select(this.db.raw("settings->'privacy'->'show_presence' as show")).where({ id: userId }).first();
    if (row?.show === false) await this.kv.set(K.hidden(userId), "1");
    else await this.kv.del(K.hidden(userId));
  }

  private async publishIfChanged(userId: string, before: PresenceFacts): Promise<void> {
    const now = this.clock.now();
    const after = await this.facts(userId);
    const a = effectiveStatus(before, now);
    const b = effectiveStatus(after, now);
    if (a !== b || before.chosen?.custom !== after.chosen?.custom) await this.announce(userId, after);
  }

  /** presence:update to the user's own connections (true status) and to its audience (public view). */
  private async announce(userId: string, known?: PresenceFacts): Promise<void> {
    const f = known ?? (await this.facts(userId));
    const status = effectiveStatus(f, this.clock.now());
    const custom = f.chosen?.custom ?? null;
    const pub = publicView(status, custom, f.hidden);
    const { spaceIds, friendIds } = await this.audience(userId);
    const frame = { type: "presence:update", user_id: userId, ...pub };
    await Promise.all([
      this.realtime.toUser(userId, { type: "presence:update", user_id: userId, status, custom_status: custom }),
      friendIds.length ? this.realtime.toUsers(friendIds, frame) : undefined,
      ...spaceIds.map((id) => this.realtime.toSpace(id, null, frame, { exceptUserId: userId })),
    ]);
  }
}

function keysOf(userId: string): string[] {
  return [K.chosen(userId), K.active(userId), K.conns(userId), K.left(userId), K.hidden(userId)];
}

function parseFacts([chosen, active, conns, left, hidden]: (string | null)[]): PresenceFacts {
  return {
    chosen: chosen ? (JSON.parse(chosen) as PresenceFacts["chosen"]) : null,
    lastActiveAt: active ? Number(active) : null,
    connections: conns ? Number(conns) : 0,
    leftAt: left ? Number(left) : null,
    hidden: hidden === "1",
  };
}
