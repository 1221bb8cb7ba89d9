// The realtime gateway (docs/realtime.md): `GET /api/ws` upgraded by `ws` in noServer mode. The first frame must be
// `{"type":"auth","token"}`; then the connection hears its user's frames and those of its spaces, delivered by
// the LocalRegistry from the pub/sub seam. Bad input earns an error frame or a close code, never a crash.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { Gauge } from "prom-client";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import type { PubSub } from "../pubsub.ts";
import { settledWithin } from "../deadline.ts";
import { refuseUpgrade, type UpgradeRouter } from "../http/upgrades.ts";
import { newId } from "../ids.ts";
import { LocalRegistry, type Deliverable, type SpacesOf } from "./registry.ts";
import { parseClientFrame, parsePresenceSubscribe, type PresenceSelection } from "./frames.ts";

const WS_PATH = "/api/ws";
/** Close code for a connection that did not (or no longer may) authenticate: no/bad token, revoked session. */
const CLOSE_UNAUTHENTICATED = 4001;
/** Close code for a connection whose access token expired: reconnect with a fresh token. */
const CLOSE_TOKEN_EXPIRED = 4004;
/** How long a revocation is remembered for connections still authenticating when it was announced. */
const REVOCATION_MEMORY_MS = 60_000;

export interface GatewayOptions {
  pubsub: PubSub;
  log: Logger;
  metrics: Metrics;
  /**
   * The user behind an access token and when the token expires (epoch ms), or null (UserAuthenticator.resolveSocket).
   * A principal with `live` is the token's word only: the gateway subscribes the connection while that check runs.
   */
  authenticate(token: string): Principal | null | Promise<Principal | null>;
  /** Subscribes to device-session revocations from every process (SessionGuard.onRevoked). */
  revocations?(handler: (sessionIds: string[]) => void): Promise<() => Promise<void>>;
  /** Which of these device sessions are still live (read from the database, not a cache): the periodic re-check. */
  liveSessions?(sessionIds: string[]): Promise<Set<string>>;
  /** Presence subscriptions (`presence:subscribe`): which members a selection covers, and what to answer at once. */
  presence?: PresenceSubscriptions;
  /** The clock token expiry is measured on (the server's Clock). */
  now?: () => number;
  /** Space memberships of the given users, in one query. */
  spacesOf: SpacesOf;
  /** Called once per connection after `ready` and once when it closes (presence counts connections). */
  onConnectionChange?(userId: string, change: "connected" | "disconnected"): void | Promise<void>;
  authTimeoutMs?: number;
  heartbeatMs?: number;
  maxPayloadBytes?: number;
  /** A client whose unsent bytes exceed this is cut off rather than buffered without bound. */
  maxBufferedBytes?: number;
  /** Memberships are re-read this often, healing any membership frame a process missed. */
  membershipRefreshMs?: number;
  /** Client frames allowed per 10 s window before the connection is closed (1008). */
  maxFramesPer10s?: number;
  /** Connections whose token expired are closed (4004) within this period. */
  expiryCheckMs?: number;
  /** Every connection's device session is re-read this often; revoked ones are closed (4001). */
  sessionCheckMs?: number;
}

export interface Principal {
  id: string;
  sessionId: string;
  expiresAt?: number;
  /** Settles with the device session check still under way (false: not live; `ready` waits for it). */
  live?: Promise<boolean>;
}

interface PresenceSubscriptions {
  /** The members of `spaceId` a selection covers (listed ids that are members, or a slice of the member list). */
  resolve(spaceId: string, selection: PresenceSelection): Promise<string[]>;
  /** The answer sent at once: the members' presence as `viewerId` sees it and the space's online count. */
  snapshot(spaceId: string, userIds: string[], viewerId: string): Promise<{ online_count: number; presences: object[] }>;
}

const enum State {
  Pending,
  Authenticating,
  Registering,
  Ready,
  Closed,
}

const TEXT = { binary: false } as const;

class Connection implements Deliverable {
  state = State.Pending;
  alive = true;
  userId = "";
  deviceSessionId = "";
  id = "";
  /** When the access token the connection authenticated with expires (epoch ms; 0: unknown). */
  expiresAt = 0;
  frames = 0;
  windowStart = 0;
  timer: NodeJS.Timeout | undefined;
  /** Settles once presence has taken this connection into account (its user online, counted in its spaces). */
  announced: Promise<void> = Promise.resolve();
  constructor(
    readonly ws: WebSocket,
    private gateway: RealtimeGateway,
  ) {}
  deliver(data: Buffer): void {
    if (this.state === State.Ready) this.gateway.send(this, data);
  }
}

export class RealtimeGateway {
  private wss: WebSocketServer;
  private registry: LocalRegistry<Connection>;
  private pending = new Set<Connection>();
  private gauge: Gauge;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribeRevoked?: () => Promise<void>;
  private closing = false;
  private ready = 0;
  /** Sessions revoked lately, with when: a connection authenticating while one was revoked is closed once ready. */
  private revokedAt = new Map<string, number>();
  private readonly o: Required<Omit<GatewayOptions, "onConnectionChange" | "liveSessions" | "presence" | "revocations">> &
    Pick<GatewayOptions, "onConnectionChange" | "liveSessions" | "presence" | "revocations">;

  constructor(opts: GatewayOptions) {
    this.o = {
      authTimeoutMs: 10_000,
      heartbeatMs: 30_000,
      maxPayloadBytes: 64 * 1024,
      maxBufferedBytes: 1024 * 1024,
      membershipRefreshMs: 60_000,
      maxFramesPer10s: 200,
      expiryCheckMs: 5_000,
      sessionCheckMs: 60_000,
      now: Date.now,
      ...opts,
    };
    this.wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: this.o.maxPayloadBytes });
    this.registry = new LocalRegistry(opts.pubsub, opts.spacesOf, (err, what) =>
      this.o.log.warn({ err: (err as Error)?.message, what }, "realtime delivery problem"),
    );
    this.gauge = new Gauge({
      name: "realtime_connections",
      help: "Open authenticated realtime (WebSocket) connections on this process",
      registers: [opts.metrics.registry],
    });
  }

  /** Starts heartbeats, the membership refresh and the revocation listener, and takes over `GET /api/ws` upgrades. */
  async attach(upgrades: UpgradeRouter): Promise<void> {
    this.unsubscribeRevoked = await this.o.revocations?.((ids) => this.revoke(ids));
    this.timers.push(setInterval(() => this.heartbeat(), this.o.heartbeatMs).unref());
    this.timers.push(setInterval(() => this.closeExpired(), this.o.expiryCheckMs).unref());
    this.timers.push(
      setInterval(() => {
        this.recheckSessions().catch((err) => this.o.log.warn({ err: (err as Error).message }, "realtime session re-check failed"));
      }, this.o.sessionCheckMs).unref(),
    );
    this.timers.push(
      setInterval(() => {
        this.registry.reconcile().catch((err) => this.o.log.warn({ err: (err as Error).message }, "realtime membership refresh failed"));
      }, this.o.membershipRefreshMs).unref(),
    );
    upgrades.add(WS_PATH, (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  /** Authenticated connections on this process. */
  get connectionCount(): number {
    return this.ready;
  }

  /** Closes every socket (1001), waiting up to `graceMs` for clients to answer before cutting them off. */
  async close(graceMs = 1000): Promise<void> {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    await this.unsubscribeRevoked?.().catch(() => {});
    const all = [...this.pending, ...this.registry.connections()];
    const closed = all.map(
      (c) => new Promise<void>((resolve) => (c.state === State.Closed ? resolve() : c.ws.once("close", () => resolve()))),
    );
    for (const c of all) c.ws.close(1001, "server shutting down");
    if (!(await settledWithin(graceMs, closed))) all.forEach((c) => c.ws.terminate());
    await Promise.all(closed);
  }

  /** Sends pre-serialised bytes, cutting off a client that stopped reading. */
  send(conn: Connection, data: Buffer): void {
    const ws = conn.ws;
    if (ws.readyState !== 1) return;
    if (ws.bufferedAmount > this.o.maxBufferedBytes) {
      this.o.log.warn(
        { user_id: conn.userId, connection_id: conn.id, buffered: ws.bufferedAmount },
        "realtime client too slow; disconnected",
      );
      ws.terminate();
      return;
    }
    ws.send(data, TEXT);
  }

  private sendJson(conn: Connection, frame: object): void {
    this.send(conn, Buffer.from(JSON.stringify(frame)));
  }

  private error(conn: Connection, detail: string): void {
    // Error frames also go to connections that are not ready yet (that is when most are earned).
    if (conn.ws.readyState === 1) conn.ws.send(JSON.stringify({ type: "error", detail }));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.closing) return refuseUpgrade(socket, "503 Service Unavailable");
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws));
  }

  private open(ws: WebSocket): void {
    const conn = new Connection(ws, this);
    this.pending.add(conn);
    ws.on("message", (data: RawData, isBinary: boolean) => this.onMessage(conn, data, isBinary));
    ws.on("pong", () => (conn.alive = true));
    // Protocol violations (e.g. a frame over maxPayload → 1009) are answered by `ws` itself with a close.
    ws.on("error", () => {});
    ws.on("close", () => this.onClose(conn));
    conn.timer = setTimeout(() => ws.close(CLOSE_UNAUTHENTICATED, "authentication timeout"), this.o.authTimeoutMs);
  }

  private onMessage(conn: Connection, data: RawData, isBinary: boolean): void {
    if (this.overLimit(conn)) return;
    const parsed = parseClientFrame(data, isBinary);
    if ("error" in parsed) return this.error(conn, parsed.error);
    const frame = parsed.frame;
    if (frame.type === "auth") {
      if (conn.state !== State.Pending) return this.error(conn, "already authenticated");
      if (typeof frame.token !== "string" || !frame.token) {
        this.error(conn, "auth needs a token");
        conn.ws.close(CLOSE_UNAUTHENTICATED, "not authenticated");
        return;
      }
      void this.authenticate(conn, frame.token);
      return;
    }
    if (conn.state !== State.Ready) return this.error(conn, "not authenticated");
    if (frame.type === "ping") return this.sendJson(conn, { type: "pong" });
    if (frame.type === "presence:subscribe") return void this.subscribePresence(conn, frame);
    this.error(conn, `unknown frame type: ${frame.type.slice(0, 64)}`);
  }

  private overLimit(conn: Connection): boolean {
    const now = Date.now();
    if (now - conn.windowStart > 10_000) {
      conn.windowStart = now;
      conn.frames = 0;
    }
    if (++conn.frames <= this.o.maxFramesPer10s) return false;
    if (conn.frames === this.o.maxFramesPer10s + 1) conn.ws.close(1008, "too many frames");
    return true;
  }

  private async authenticate(conn: Connection, token: string): Promise<void> {
    conn.state = State.Authenticating;
    const startedAt = performance.now();
    let principal: Principal | null;
    try {
      principal = await this.o.authenticate(token);
    } catch (err) {
      return this.unavailable(conn, err);
    }
    // Observed at once: it is awaited below only if the connection is still there by then.
    principal?.live?.catch(() => {});
    if (conn.state !== State.Authenticating) return;
    if (!principal) return this.invalidToken(conn);
    conn.userId = principal.id;
    conn.deviceSessionId = principal.sessionId;
    conn.expiresAt = principal.expiresAt ?? 0;
    conn.id = newId();
    conn.state = State.Registering;
    this.pending.delete(conn);
    // The session read and the subscription are independent round trips: both run at once, and `ready` waits for
    // both. Until then the connection is registered but hears nothing (deliver() checks Ready), and a dead session
    // closes it, which unregisters it (onClose).
    const live = principal.live;
    const registered = this.registry.add(conn);
    registered.catch(() => {});
    try {
      if (live && !(await live)) {
        if (conn.state === State.Registering) this.invalidToken(conn);
        return;
      }
    } catch (err) {
      if (conn.state === State.Registering) this.unavailable(conn, err);
      return;
    }
    try {
      await registered;
    } catch (err) {
      this.o.log.error({ err: (err as Error).message }, "realtime subscription failed");
      this.error(conn, "realtime unavailable");
      conn.ws.close(1011, "realtime unavailable");
      return;
    }
    if (conn.state !== State.Registering) return;
    clearTimeout(conn.timer);
    // A revocation announced while this connection was being authenticated found no connection to close: close it now.
    const revoked = this.revokedAt.get(conn.deviceSessionId);
    if (revoked !== undefined && revoked >= startedAt) {
      this.error(conn, "session revoked");
      conn.ws.close(CLOSE_UNAUTHENTICATED, "session revoked");
      return;
    }
    conn.state = State.Ready;
    this.ready++;
    this.gauge.inc();
    this.sendJson(conn, { type: "ready", user_id: conn.userId, session_id: conn.id });
    if (this.o.log.isLevelEnabled("debug")) this.o.log.debug({ user_id: conn.userId, connection_id: conn.id }, "realtime connection ready");
    conn.announced = this.notify(conn.userId, "connected");
  }

  private invalidToken(conn: Connection): void {
    this.error(conn, "invalid token");
    conn.ws.close(CLOSE_UNAUTHENTICATED, "invalid token");
  }

  private unavailable(conn: Connection, err: unknown): void {
    this.o.log.error({ err: (err as Error).message }, "realtime authentication failed");
    this.error(conn, "authentication unavailable");
    conn.ws.close(1011, "authentication unavailable");
  }

  private onClose(conn: Connection): void {
    const was = conn.state;
    conn.state = State.Closed;
    clearTimeout(conn.timer);
    this.pending.delete(conn);
    if (was === State.Registering || was === State.Ready) this.registry.remove(conn);
    if (was === State.Ready) {
      this.ready--;
      this.gauge.dec();
      if (this.o.log.isLevelEnabled("debug"))
        this.o.log.debug({ user_id: conn.userId, connection_id: conn.id }, "realtime connection closed");
      void this.notify(conn.userId, "disconnected");
    }
  }

  private notify(userId: string, change: "connected" | "disconnected"): Promise<void> {
    if (!this.o.onConnectionChange) return Promise.resolve();
    return Promise.resolve()
      .then(() => this.o.onConnectionChange!(userId, change))
      .catch((err) => this.o.log.warn({ err: (err as Error).message, change }, "realtime connection hook failed"));
  }

  private heartbeat(): void {
    for (const conn of this.registry.connections()) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }

  private revoke(sessionIds: string[]): void {
    const revoked = new Set(sessionIds);
    const now = performance.now();
    for (const [id, at] of this.revokedAt) if (now - at > REVOCATION_MEMORY_MS) this.revokedAt.delete(id);
    for (const id of sessionIds) this.revokedAt.set(id, now);
    for (const conn of [...this.registry.connections()]) {
      if (revoked.has(conn.deviceSessionId)) {
        this.error(conn, "session revoked");
        conn.ws.close(CLOSE_UNAUTHENTICATED, "session revoked");
      }
    }
  }

  /** Closes (4004) the connections whose access token has expired; the client reconnects with a fresh one. */
  private closeExpired(): void {
    const now = this.o.now();
    for (const conn of this.registry.connections()) {
      if (conn.expiresAt && conn.expiresAt <= now && conn.state === State.Ready) {
        this.error(conn, "token expired");
        conn.ws.close(CLOSE_TOKEN_EXPIRED, "token expired");
      }
    }
  }

  /** Re-reads every connection's device session and closes those revoked (heals a revocation this process missed). */
  private async recheckSessions(chunk = 1000): Promise<void> {
    if (!this.o.liveSessions) return;
    const ids = [...new Set([...this.registry.connections()].map((c) => c.deviceSessionId))];
    const dead = new Set<string>();
    for (let i = 0; i < ids.length; i += chunk) {
      const part = ids.slice(i, i + chunk);
      const live = await this.o.liveSessions(part);
      for (const id of part) if (!live.has(id)) dead.add(id);
    }
    if (dead.size) this.revoke([...dead]);
  }

  /** `presence:subscribe`: replaces this connection's presence subscription in one space and answers with a snapshot. */
  private async subscribePresence(conn: Connection, frame: { [key: string]: unknown }): Promise<void> {
    const parsed = parsePresenceSubscribe(frame);
    if ("error" in parsed) return this.error(conn, parsed.error);
    const { spaceId, selection } = parsed;
    if (!this.o.presence || !this.registry.isMember(conn.userId, spaceId)) return this.error(conn, "not a member of that space");
    try {
      const userIds = await this.o.presence.resolve(spaceId, selection);
      if (conn.state !== State.Ready || !this.registry.watch(conn, spaceId, userIds)) return;
      // The snapshot counts the subscriber's own connection, announced right after `ready`.
      await conn.announced;
      const snap = await this.o.presence.snapshot(spaceId, userIds, conn.userId);
      if (conn.state === State.Ready) this.sendJson(conn, { type: "presence:subscribed", space_id: spaceId, ...snap });
    } catch (err) {
      this.o.log.warn({ err: (err as Error).message }, "presence subscription failed");
      this.error(conn, "presence unavailable");
    }
  }
}
