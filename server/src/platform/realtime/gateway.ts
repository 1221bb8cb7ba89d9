// The realtime gateway (CONTRACT 5): `GET /api/ws` upgraded by `ws` in noServer mode. The first frame must be
// `{"type":"auth","token"}`; then the connection hears its user's frames and those of its spaces, delivered by
// the LocalRegistry from the pub/sub seam. Bad input earns an error frame or a close code, never a crash.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { Gauge } from "prom-client";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import type { PubSub } from "../pubsub.ts";
import { newId } from "../ids.ts";
import { LocalRegistry, type Deliverable, type SpacesOf } from "./registry.ts";
import { parseClientFrame } from "./frames.ts";

export const WS_PATH = "/api/ws";
/** Close code for a connection that did not (or no longer may) authenticate. */
export const CLOSE_UNAUTHENTICATED = 4001;
/** Where SessionGuard announces revoked device sessions (comma-separated ids). */
const SESSIONS_REVOKED = "sessions:revoked";

export interface GatewayOptions {
  pubsub: PubSub;
  log: Logger;
  metrics: Metrics;
  /** The user behind an access token, or null (UserAuthenticator.resolve). */
  authenticate(token: string): Promise<{ id: string; sessionId: string } | null>;
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
  frames = 0;
  windowStart = 0;
  timer: NodeJS.Timeout | undefined;
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
  private readonly o: Required<Omit<GatewayOptions, "onConnectionChange">> & Pick<GatewayOptions, "onConnectionChange">;

  constructor(opts: GatewayOptions) {
    this.o = {
      authTimeoutMs: 10_000,
      heartbeatMs: 30_000,
      maxPayloadBytes: 64 * 1024,
      maxBufferedBytes: 1024 * 1024,
      membershipRefreshMs: 60_000,
      maxFramesPer10s: 200,
      ...opts,
    };
    this.wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: this.o.maxPayloadBytes });
    this.registry = new LocalRegistry(opts.pubsub, opts.spacesOf, (err, what) => this.o.log.warn({ err: (err as Error)?.message, what }, "realtime delivery problem"));
    this.gauge = new Gauge({ name: "realtime_connections", help: "Open authenticated realtime (WebSocket) connections on this process", registers: [opts.metrics.registry] });
  }

  /** Starts heartbeats, the membership refresh and the revocation listener, and takes over `GET /api/ws` upgrades. */
  async attach(http: Server): Promise<void> {
    this.unsubscribeRevoked = await this.o.pubsub.subscribe(SESSIONS_REVOKED, (ids) => this.revoke(ids.split(",")));
    this.timers.push(setInterval(() => this.heartbeat(), this.o.heartbeatMs).unref());
    this.timers.push(
      setInterval(() => {
        this.registry.reconcile().catch((err) => this.o.log.warn({ err: (err as Error).message }, "realtime membership refresh failed"));
      }, this.o.membershipRefreshMs).unref(),
    );
    http.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
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
    const closed = all.map((c) => new Promise<void>((resolve) => (c.state === State.Closed ? resolve() : c.ws.once("close", () => resolve()))));
    for (const c of all) c.ws.close(1001, "server shutting down");
    const timer = setTimeout(() => all.forEach((c) => c.ws.terminate()), graceMs);
    await Promise.all(closed);
    clearTimeout(timer);
  }

  /** Sends pre-serialised bytes, cutting off a client that stopped reading. */
  send(conn: Connection, data: Buffer): void {
    const ws = conn.ws;
    if (ws.readyState !== 1) return;
    if (ws.bufferedAmount > this.o.maxBufferedBytes) {
      this.o.log.warn({ user_id: conn.userId, connection_id: conn.id, buffered: ws.bufferedAmount }, "realtime client too slow; disconnected");
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
    const path = (req.url ?? "").split("?", 1)[0];
    if (path !== WS_PATH || this.closing) {
      const status = this.closing ? "503 Service Unavailable" : "404 Not Found";
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
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
    let principal: { id: string; sessionId: string } | null;
    try {
      principal = await this.o.authenticate(token);
    } catch (err) {
      this.o.log.error({ err: (err as Error).message }, "realtime authentication failed");
      this.error(conn, "authentication unavailable");
      conn.ws.close(1011, "authentication unavailable");
      return;
    }
    if (conn.state !== State.Authenticating) return;
    if (!principal) {
      this.error(conn, "invalid token");
      conn.ws.close(CLOSE_UNAUTHENTICATED, "invalid token");
      return;
    }
    clearTimeout(conn.timer);
    conn.userId = principal.id;
    conn.deviceSessionId = principal.sessionId;
    conn.id = newId();
    conn.state = State.Registering;
    this.pending.delete(conn);
    try {
      await this.registry.add(conn);
    } catch (err) {
      this.o.log.error({ err: (err as Error).message }, "realtime subscription failed");
      this.error(conn, "realtime unavailable");
      conn.ws.close(1011, "realtime unavailable");
      return;
    }
    if (conn.state !== State.Registering) return;
    conn.state = State.Ready;
    this.ready++;
    this.gauge.inc();
    this.sendJson(conn, { type: "ready", user_id: conn.userId, session_id: conn.id });
    this.o.log.debug({ user_id: conn.userId, connection_id: conn.id }, "realtime connection ready");
    this.notify(conn.userId, "connected");
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
      this.o.log.debug({ user_id: conn.userId, connection_id: conn.id }, "realtime connection closed");
      this.notify(conn.userId, "disconnected");
    }
  }

  private notify(userId: string, change: "connected" | "disconnected"): void {
    if (!this.o.onConnectionChange) return;
    Promise.resolve()
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
    for (const conn of [...this.registry.connections()]) {
      if (revoked.has(conn.deviceSessionId)) {
        this.error(conn, "session revoked");
        conn.ws.close(CLOSE_UNAUTHENTICATED, "session revoked");
      }
    }
  }
}
