// Who is connected to this process, which spaces they belong to, and which pub/sub channels the process must
// hear for them. Each process subscribes once per locally connected user and once per space any local user is
// in (reference-counted), and turns every published frame into bytes once, whatever the number of sockets.
import type { PubSub } from "../pubsub.ts";
import { InFlightBatcher } from "../batcher.ts";
import { CONTROL_PREFIX, RT, membershipSubject, type DeviceEnvelope, type Frame, type MembershipControl } from "./publisher.ts";

/** What the registry needs of a socket: the gateway's connection object implements it. */
export interface Deliverable {
  readonly userId: string;
  /** The device session the socket authenticated with (device-targeted frames go only to matching sockets). */
  readonly deviceSessionId?: string;
  /** Sends bytes already serialised as one JSON text frame (the connection applies its own back-pressure rule). */
  deliver(data: Buffer): void;
}

export type SpacesOf = (userIds: string[]) => Promise<{ userId: string; spaceId: string }[]>;

type Unsubscribe = () => Promise<void>;

interface UserState<C> {
  conns: Set<C>;
  spaces: Set<string>;
  /** Settles when the user's channel is subscribed and its spaces are loaded and subscribed. */
  ready: Promise<void>;
  unsubscribe?: Promise<Unsubscribe>;
}

interface SpaceState<C> {
  users: Set<string>;
  subscribed: Promise<Unsubscribe>;
  /** Presence subscriptions (large spaces): subject user → connections that asked for its presence here. */
  watchers?: Map<string, Set<C>>;
}

const ENVELOPE_HEAD = '{"channelId":';
const SPACE_DELETED = '{"type":"space:deleted"';
const FRAME_KEY = ',"frame":';

const EXCEPT = /"except":"([0-9a-f-]{36})"/;
const ONLY = /"only":"([0-9a-f-]{36})"/;

/**
 * The frame's JSON text inside a SpaceEnvelope (sliced, not parsed and re-serialised), the user it skips, and the
 * user whose presence subscribers alone get it.
 */
function splitEnvelope(envelope: string): { text: string; except: string | undefined; only: string | undefined } | null {
  if (!envelope.startsWith(ENVELOPE_HEAD)) return null;
  // channelId and except are UUIDs or null, so the first `,"frame":` is the key and not part of a value.
  const at = envelope.indexOf(FRAME_KEY, ENVELOPE_HEAD.length);
  if (at < 0 || !envelope.endsWith("}")) return null;
  const head = envelope.slice(0, at);
  return { text: envelope.slice(at + FRAME_KEY.length, -1), except: EXCEPT.exec(head)?.[1], only: ONLY.exec(head)?.[1] };
}

export class LocalRegistry<C extends Deliverable> {
  private users = new Map<string, UserState<C>>();
  private spaces = new Map<string, SpaceState<C>>();
  /** Each connection's presence subscriptions: space → subject users (only connections that sent one). */
  private watching = new Map<C, Map<string, string[]>>();
  /** Users loaded while a membership query runs share the next one (a connect storm: one per batch of sockets). */
  private memberships: InFlightBatcher<string, string[]>;

  constructor(
    private pubsub: PubSub,
    private spacesOf: SpacesOf,
    private onError: (err: unknown, what: string) => void,
  ) {
    this.memberships = new InFlightBatcher(
      async (userIds) => {
        const byUser = new Map<string, string[]>();
        for (const id of userIds) byUser.set(id, []);
        for (const r of await this.spacesOf([...byUser.keys()])) byUser.get(r.userId)?.push(r.spaceId);
        // A user twice in one batch (two sockets) gets a list each: callers may keep what they are given.
        return userIds.map((id) => [...byUser.get(id)!]);
      },
      // No extra event-loop turn: the users of one SUBSCRIBE batch are all confirmed by one Redis reply, so their
      // loads arrive in the same tick and are batched at its end.
      { maxInFlight: 1, maxBatch: 1000, turn: "tick" },
    );
  }

  get userCount(): number {
    return this.users.size;
  }

  get spaceCount(): number {
    return this.spaces.size;
  }

  /** Registers an authenticated connection; resolves once frames for it are heard (then `ready` may be sent). */
  async add(conn: C): Promise<void> {
    let user = this.users.get(conn.userId);
    if (!user) {
      const fresh: UserState<C> = { conns: new Set(), spaces: new Set(), ready: Promise.resolve() };
      fresh.ready = this.load(conn.userId, fresh);
      this.users.set(conn.userId, fresh);
      user = fresh;
    }
    user.conns.add(conn);
    await user.ready;
  }

  remove(conn: C): void {
    this.unwatch(conn);
    const user = this.users.get(conn.userId);
    if (!user || !user.conns.delete(conn) || user.conns.size > 0) return;
    this.users.delete(conn.userId);
    // Tear down after loading settles, so nothing it subscribes outlives the user.
    void user.ready
      .catch(() => {})
      .then(async () => {
        // A new connection of the same user may have re-joined these spaces meanwhile: keep those.
        const current = this.users.get(conn.userId);
        for (const spaceId of user.spaces) if (!current?.spaces.has(spaceId)) this.leave(spaceId, conn.userId);
        user.spaces.clear();
        const unsub = await user.unsubscribe;
        await unsub?.();
      })
      .catch((err) => this.onError(err, "unsubscribe user"));
  }

  /** Every local connection (for heartbeats, revocation and shutdown). */
  *connections(): IterableIterator<C> {
    for (const user of this.users.values()) yield* user.conns;
  }

  connectionsOf(userId: string): ReadonlySet<C> | undefined {
    return this.users.get(userId)?.conns;
  }

  /** Whether the registry counts `userId` a member of `spaceId` (what decides the space frames it hears). */
  isMember(userId: string, spaceId: string): boolean {
    return this.users.get(userId)?.spaces.has(spaceId) ?? false;
  }

  /**
   * Replaces the connection's presence subscription in one space: from now on it hears the presence of `subjects`
   * there even when the space is large (an empty list ends the subscription). False if the user is not a member.
   */
  watch(conn: C, spaceId: string, subjects: string[]): boolean {
    const space = this.spaces.get(spaceId);
    if (!space || !this.isMember(conn.userId, spaceId)) return false;
    this.unwatch(conn, spaceId);
    if (!subjects.length) return true;
    let mine = this.watching.get(conn);
    if (!mine) this.watching.set(conn, (mine = new Map<string, string[]>()));
    mine.set(spaceId, subjects);
    const watchers = (space.watchers ??= new Map<string, Set<C>>());
    for (const subject of subjects) {
      let set = watchers.get(subject);
      if (!set) watchers.set(subject, (set = new Set()));
      set.add(conn);
    }
    return true;
  }

  /** Ends the connection's presence subscriptions (in one space, or all). */
  private unwatch(conn: C, onlySpace?: string): void {
    const mine = this.watching.get(conn);
    if (!mine) return;
    for (const [spaceId, subjects] of mine) {
      if (onlySpace !== undefined && spaceId !== onlySpace) continue;
      const watchers = this.spaces.get(spaceId)?.watchers;
      if (watchers) {
        for (const subject of subjects) {
          const set = watchers.get(subject);
          if (set && set.delete(conn) && set.size === 0) watchers.delete(subject);
        }
      }
      mine.delete(spaceId);
    }
    if (mine.size === 0) this.watching.delete(conn);
  }

  /** Re-reads the memberships of every local user (missed membership frames heal here). */
  async reconcile(chunk = 1000): Promise<void> {
    const ids = [...this.users.keys()];
    for (let i = 0; i < ids.length; i += chunk) {
      const part = ids.slice(i, i + chunk);
      const rows = await this.spacesOf(part);
      const want = new Map<string, Set<string>>(part.map((id) => [id, new Set()]));
      for (const r of rows) want.get(r.userId)?.add(r.spaceId);
      for (const [userId, spaces] of want) {
        const user = this.users.get(userId);
        if (!user) continue;
        // A join's subscribe failure is logged by join(); nothing here waits for it.
        for (const s of user.spaces) if (!spaces.has(s)) void this.setMembership(userId, s, "left");
        for (const s of spaces) if (!user.spaces.has(s)) void this.setMembership(userId, s, "joined");
      }
    }
  }

  private async load(userId: string, user: UserState<C>): Promise<void> {
    // Subscribe to the user's channel first, so a membership change made while loading is not missed.
    user.unsubscribe = this.pubsub.subscribe(RT.user(userId), (msg) => this.onUserMessage(userId, msg));
    await user.unsubscribe;
    const spaceIds = await this.memberships.load(userId);
    if (this.users.get(userId) !== user) return;
    // eslint-disable-next-line @typescript-eslint/await-thenable -- a space already joined answers undefined, which Promise.all passes through
    await Promise.all(spaceIds.map((spaceId) => this.setMembership(userId, spaceId, "joined")));
  }

  private setMembership(userId: string, spaceId: string, change: "joined" | "left"): Promise<unknown> | undefined {
    const user = this.users.get(userId);
    if (!user) return;
    if (change === "left") {
      if (!user.spaces.delete(spaceId)) return;
      for (const c of user.conns) this.unwatch(c, spaceId);
      this.leave(spaceId, userId);
      return;
    }
    if (user.spaces.has(spaceId)) return this.spaces.get(spaceId)?.subscribed;
    user.spaces.add(spaceId);
    return this.join(spaceId, userId);
  }

  private join(spaceId: string, userId: string): Promise<Unsubscribe> {
    let space = this.spaces.get(spaceId);
    if (!space) {
      const subscribed = this.pubsub.subscribe(RT.space(spaceId), (msg) => this.onSpaceMessage(spaceId, msg));
      space = { users: new Set(), subscribed };
      this.spaces.set(spaceId, space);
      subscribed.catch((err) => this.onError(err, "subscribe space"));
    }
    space.users.add(userId);
    return space.subscribed;
  }

  private leave(spaceId: string, userId: string): void {
    const space = this.spaces.get(spaceId);
    if (!space || !space.users.delete(userId) || space.users.size > 0) return;
    this.spaces.delete(spaceId);
    space.subscribed.then((unsub) => unsub()).catch((err) => this.onError(err, "unsubscribe space"));
  }

  private onUserMessage(userId: string, msg: string): void {
    const user = this.users.get(userId);
    if (!user) return;
    if (msg.startsWith(`{"type":"${CONTROL_PREFIX}`)) {
      this.onControl(userId, msg);
      return;
    }
    const data = Buffer.from(msg);
    for (const c of user.conns) c.deliver(data);
  }

  private onControl(userId: string, msg: string): void {
    try {
      const ctl = JSON.parse(msg) as MembershipControl | DeviceEnvelope;
      if (ctl.type === "rt:membership" && typeof ctl.space_id === "string") {
        void this.setMembership(userId, ctl.space_id, ctl.change === "joined" ? "joined" : "left");
      } else if (ctl.type === "rt:device" && Array.isArray(ctl.device_ids)) {
        this.toDevices(userId, new Set(ctl.device_ids), ctl.frame);
      }
    } catch (err) {
      this.onError(err, "control frame");
    }
  }

  private toDevices(userId: string, deviceIds: Set<string>, frame: Frame): void {
    const conns = this.users.get(userId)?.conns;
    if (!conns) return;
    let data: Buffer | undefined;
    for (const c of conns)
      if (c.deviceSessionId && deviceIds.has(c.deviceSessionId)) c.deliver((data ??= Buffer.from(JSON.stringify(frame))));
  }

  private onSpaceMessage(spaceId: string, msg: string): void {
    const space = this.spaces.get(spaceId);
    if (!space) return;
    const parts = splitEnvelope(msg);
    if (parts === null) return this.onError(new Error("malformed space envelope"), "space frame");
    const { text, except, only } = parts;
    if (only !== undefined) {
      // Presence in a large space: most subjects have no subscriber on this process, so no bytes are made for them.
      const watchers = space.watchers?.get(only);
      if (!watchers) return;
      const data = Buffer.from(text);
      for (const c of watchers) if (c.userId !== except) c.deliver(data);
      return;
    }
    const data = Buffer.from(text);
    for (const userId of space.users) {
      if (userId === except) continue;
      const conns = this.users.get(userId)?.conns;
      if (conns) for (const c of conns) c.deliver(data);
    }
    // A deleted space: every member heard it; nobody hears the space's channel any more.
    if (text.startsWith(SPACE_DELETED)) {
      for (const userId of [...space.users]) void this.setMembership(userId, spaceId, "left");
      return;
    }
    // Membership frames: the leaving member still hears that it left; later frames no longer reach it.
    if (text.startsWith('{"type":"member:') || text.startsWith('{"type":"e2e:membership"')) {
      let frame: Frame;
      try {
        frame = JSON.parse(text) as Frame;
      } catch (err) {
        return this.onError(err, "space frame");
      }
      const subject = membershipSubject(frame);
      if (subject) void this.setMembership(subject.userId, spaceId, subject.change);
    }
  }
}
