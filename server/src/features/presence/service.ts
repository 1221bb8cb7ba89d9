// Presence lives in the Kv seam as a few small facts per user (Redis TTL keys, or the in-process Map),
// never in a PostgreSQL row. The visible status is computed from those facts at read time (rules.ts);
// transitions that time alone causes (idle, offline) are announced by a timer in the process that last saw a change.
// Connection counts go through the ConnectionLedger, which corrects them when a server process dies.
import type { Db } from "../../platform/db.ts";
import type { Kv } from "../../platform/kv.ts";
import type { Clock } from "../../platform/clock.ts";
import type { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import type { PresenceSelection } from "../../platform/realtime/frames.ts";
import { InFlightBatcher } from "../../platform/batcher.ts";
import {
  CONTRACT_TIMINGS,
  effectiveStatus,
  nextTransitionAt,
  onlineUntil,
  publicView,
  type PresenceFacts,
  type PresenceStatus,
  type PresenceTimings,
} from "./rules.ts";
import { MemoryLedger, type ConnectionLedger } from "./ledger.ts";
import { PRESENCE_KEYS } from "./keys.ts";
import { audiencesOf, memberRange, membersAmong, type Audience } from "./store.ts";

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
/** A connection count outlives any realistic socket; the ledger corrects the counts of a crashed process. */
export const CONN_TTL_MS = 7 * DAY;

const K = PRESENCE_KEYS;
const KEYS_PER_USER = 5;

export interface PresenceOptions {
  kv: Kv;
  clock: Clock;
  db: Db;
  realtime: RealtimePublisher;
  /** Defaults to a plain Kv counter (one process). */
  ledger?: ConnectionLedger;
  timings?: PresenceTimings;
  /** Spaces with more members push presence only to subscribers (and friends). */
  largeThreshold?: number;
}

export class PresenceService {
  private timers = new Map<string, NodeJS.Timeout>();
  private readonly kv: Kv;
  private readonly clock: Clock;
  private readonly db: Db;
  private readonly realtime: RealtimePublisher;
  private readonly ledger: ConnectionLedger;
  readonly timings: PresenceTimings;
  readonly largeThreshold: number;
  /** Announcements made while an audience query runs share the next one (a connect storm: per batch, not per socket). */
  private audiences: InFlightBatcher<string, Audience>;
  /** Facts read by connects while a read runs share the next one: one MGET per batch. */
  private connectFacts: InFlightBatcher<string, PresenceFacts>;

  constructor(o: PresenceOptions) {
    this.kv = o.kv;
    this.clock = o.clock;
    this.db = o.db;
    this.realtime = o.realtime;
    this.ledger = o.ledger ?? new MemoryLedger(o.kv, { kvKey: K.conns, ttlMs: CONN_TTL_MS });
    this.timings = o.timings ?? CONTRACT_TIMINGS;
    this.largeThreshold = o.largeThreshold ?? 250;
    this.audiences = new InFlightBatcher(
      async (ids) => {
        const found = await audiencesOf(this.db, [...new Set(ids)], this.largeThreshold);
        return ids.map((id) => found.get(id)!);
      },
      { maxBatch: 500 },
    );
    this.connectFacts = new InFlightBatcher(
      async (ids) => {
        const values = await this.kv.mget(ids.flatMap(keysOf));
        return ids.map((_, i) => parseFacts(values.slice(i * KEYS_PER_USER, (i + 1) * KEYS_PER_USER)));
      },
      { maxBatch: 500 },
    );
  }

  /** Starts the ledger's heartbeat; users orphaned by a dead process count as disconnected when it was last heard of. */
  async start(): Promise<void> {
    await this.ledger.start((userIds, lastSeenAt) => void this.orphaned(userIds, lastSeenAt));
  }

  /** A realtime connection of `userId` opened (called by the gateway). */
  async connected(userId: string): Promise<void> {
    // The facts are read alongside the count, not after it: the count they hold is replaced by the ledger's answer,
    // and the rest is not changed by a connect. Both are batched per event-loop turn and go out in one write.
    const [n, f] = await Promise.all([this.ledger.opened(userId), this.connectFacts.load(userId)]);
    // Already connected elsewhere: this connection changes nothing anyone sees.
    if (n !== 1) return;
    if (f.leftAt !== null) await this.kv.del(K.left(userId));
    this.cancelTimer(userId);
    const before = { ...f, connections: 0 };
    const after = { ...f, connections: n, leftAt: null };
    // Both ask for the user's audience in this turn: one query answers them.
    await Promise.all([this.announceIfChanged(userId, before, after, true), this.recount(userId, before, after)]);
  }

  /** A realtime connection of `userId` closed; the last one starts the 60 s offline rule. */
  async disconnected(userId: string): Promise<void> {
    const n = await this.ledger.closed(userId);
    if (n > 0) return;
    await this.left(userId, this.clock.now());
  }

  /** The user's last connection closed at `at`: the 60 s offline rule starts, and the online counts learn when it ends. */
  private async left(userId: string, at: number): Promise<void> {
    await this.kv.set(K.left(userId), String(at), FACT_TTL_MS);
    const after = await this.facts(userId);
    await Promise.all([this.schedule(userId, after), this.recount(userId, { ...after, connections: 1, leftAt: null }, after)]);
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
    if (before.hidden !== hidden)
      await Promise.all([this.announce(userId, { ...before, hidden }), this.recount(userId, before, { ...before, hidden })]);
  }

  async get(userId: string, viewerId: string): Promise<PresenceRecord> {
    const f = await this.facts(userId);
    const status = effectiveStatus(f, this.clock.now(), this.timings);
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
      const status = effectiveStatus(f, now, this.timings);
      const custom = f.chosen?.custom ?? null;
      out.set(id, id === viewerId ? { status, custom_status: custom } : publicView(status, custom, f.hidden));
    });
    return out;
  }

  /** The members a presence subscription in `spaceId` covers (only members: presence is for co-members). */
  async resolveSelection(spaceId: string, sel: PresenceSelection): Promise<string[]> {
    if ("range" in sel) return memberRange(this.db, spaceId, sel.range[0], sel.range[1]);
    return membersAmong(this.db, spaceId, sel.userIds);
  }

  /** What a subscriber is told at once: the members' presence as it sees them, and how many of the space are online. */
  async snapshot(
    spaceId: string,
    userIds: string[],
    viewerId: string,
  ): Promise<{ online_count: number; presences: ({ user_id: string } & PresenceView)[] }> {
    const [views, online] = await Promise.all([this.viewMany(userIds, viewerId), this.onlineCount(spaceId)]);
    return { online_count: online, presences: userIds.map((id) => ({ user_id: id, ...views.get(id)! })) };
  }

  /**
   * Members of the space that others see as anything but offline: kept as members come and go online and join or
   * leave (recount, memberJoined, memberLeft), so a read costs one small Kv command whatever the space's size.
   */
  async onlineCount(spaceId: string): Promise<number> {
    return this.kv.zcountAbove(K.online(spaceId), this.clock.now());
  }

  /** A user joined a space (after the commit): counted there if others see it online. */
  async memberJoined(spaceId: string, userId: string): Promise<void> {
    const until = onlineUntil(await this.facts(userId), this.clock.now(), this.timings);
    if (until !== null) await this.kv.zset([K.online(spaceId)], userId, until);
  }

  /** A user left a space, or was kicked: counted there no more. */
  async memberLeft(spaceId: string, userId: string): Promise<void> {
    await this.kv.zset([K.online(spaceId)], userId, null);
  }

  /** A space was deleted: its count goes with it. */
  async spaceDeleted(spaceId: string): Promise<void> {
    await this.kv.del(K.online(spaceId));
  }

  /** Clears pending announcements and stops the ledger's heartbeat (server shutdown). */
  stop(): void {
    this.ledger.stop();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private async facts(userId: string): Promise<PresenceFacts> {
    return parseFacts(await this.kv.mget(keysOf(userId)));
  }

  /** A dead process's users with no connection left: as if they had disconnected when it was last heard of. */
  private async orphaned(userIds: string[], lastSeenAt: number): Promise<void> {
    for (const userId of userIds) {
      try {
        await this.left(userId, lastSeenAt);
      } catch {
        // The next read computes the status anyway; only the announcement is lost.
      }
    }
  }

  /** Arms one timer for the user's next time-caused transition; it announces only if the status really changed. */
  private async schedule(userId: string, known?: PresenceFacts): Promise<void> {
    const f = known ?? (await this.facts(userId));
    const now = this.clock.now();
    const at = nextTransitionAt(f, now, this.timings);
    this.cancelTimer(userId);
    if (at === null) return;
    const before = effectiveStatus(f, now, this.timings);
    // Timers run on real time; the injected clock may be a test's, so the delay is measured on it once.
    const timer = setTimeout(
      () => {
        this.timers.delete(userId);
        void (async () => {
          const later = await this.facts(userId);
          if (effectiveStatus(later, this.clock.now(), this.timings) !== before) await this.announce(userId, later);
          await this.schedule(userId, later);
        })().catch(() => {});
      },
      Math.max(0, at - now) + 50,
    );
    timer.unref();
    this.timers.set(userId, timer);
  }

  private cancelTimer(userId: string): void {
    const t = this.timers.get(userId);
    if (t) {
      clearTimeout(t);
      this.timers.delete(userId);
    }
  }

  private async publishIfChanged(userId: string, before: PresenceFacts): Promise<void> {
    const after = await this.facts(userId);
    await Promise.all([this.announceIfChanged(userId, before, after, false), this.recount(userId, before, after)]);
    await this.schedule(userId, after);
  }

  /**
   * Keeps the user's place in the online counts of its spaces when until when others see it online changes (a
   * connect, the last disconnect, activity after it, a chosen status, hiding). The time alone changes nothing
   * here: an entry whose time is over is not counted (onlineCount).
   */
  private async recount(userId: string, before: PresenceFacts, after: PresenceFacts): Promise<void> {
    const now = this.clock.now();
    const until = onlineUntil(after, now, this.timings);
    if (until === onlineUntil(before, now, this.timings)) return;
    const a = await this.audiences.load(userId);
    await this.kv.zset([...a.smallSpaceIds, ...a.largeSpaceIds].map(K.online), userId, until);
  }

  private async announceIfChanged(userId: string, before: PresenceFacts, after: PresenceFacts, syncHidden: boolean): Promise<void> {
    const now = this.clock.now();
    const changed =
      effectiveStatus(before, now, this.timings) !== effectiveStatus(after, now, this.timings) ||
      before.chosen?.custom !== after.chosen?.custom;
    if (changed || syncHidden) await this.announce(userId, after, { syncHidden, quietUnlessHiddenChanged: !changed });
  }

  /**
   * presence:update to the user's own connections (true status) and to its audience (public view): small spaces
   * whole, large spaces only to the connections subscribed to the user, friends outside small spaces directly.
   * On a first connect (`syncHidden`) the hidden flag is re-read from settings in the same round of queries.
   */
  private async announce(
    userId: string,
    f: PresenceFacts,
    opts: { syncHidden?: boolean; quietUnlessHiddenChanged?: boolean } = {},
  ): Promise<void> {
    const audience = await this.audiences.load(userId);
    if (opts.syncHidden && audience.hidden !== f.hidden) {
      await (audience.hidden ? this.kv.set(K.hidden(userId), "1") : this.kv.del(K.hidden(userId)));
      f = { ...f, hidden: audience.hidden };
    } else if (opts.quietUnlessHiddenChanged) return;
    const status = effectiveStatus(f, this.clock.now(), this.timings);
    const custom = f.chosen?.custom ?? null;
    const frame = { type: "presence:update" as const, user_id: userId, ...publicView(status, custom, f.hidden) };
    await Promise.all([
      this.realtime.toUser(userId, { type: "presence:update", user_id: userId, status, custom_status: custom }),
      audience.friendIds.length ? this.realtime.toUsers(audience.friendIds, frame) : undefined,
      ...audience.smallSpaceIds.map((id) => this.realtime.toSpace(id, null, frame, { exceptUserId: userId })),
      ...audience.largeSpaceIds.map((id) => this.realtime.toSpace(id, null, frame, { exceptUserId: userId, onlySubscribersOf: userId })),
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
