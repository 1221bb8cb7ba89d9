// The bot gateway (spec/realtime/bot-gateway.tsp): `GET /api/bot/gateway` upgraded by `ws` in noServer mode. A bot
// authenticates with its token and then receives the deliveries of its socket webhooks, each confirmed by an ack.
//
// A delivery's attempt runs on whichever process the webhook engine picked (a queue worker, or the process that
// recorded an invocation); the bot's connection may be on another. The attempt goes to a process holding one
// (the directory says which), over that process's own pub/sub channel, and the outcome comes back over the
// attempting process's channel. An attempt that hears nothing back in time (its holder died) fails like an
// unanswered one; the webhook engine retries it with the same delivery id, so nothing is lost.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { Gauge } from "prom-client";
import type { Logger } from "../../platform/logger.ts";
import type { Metrics } from "../../platform/metrics.ts";
import type { PubSub } from "../../platform/pubsub.ts";
import { newId } from "../../platform/ids.ts";
import { DeadlineQueue, settledWithin, type Expiring } from "../../platform/deadline.ts";
import { parseClientFrame } from "../../platform/realtime/frames.ts";
import { ATTEMPT_TIMEOUT_MS, type AttemptResult, type SocketSender } from "../webhooks/index.ts";
import { REFRESH_MS, type GatewayDirectory } from "./directory.ts";

export const BOT_GATEWAY_PATH = "/api/bot/gateway";
const MAX_CONNECTIONS_PER_BOT = 10;
const AUTH_TIMEOUT_MS = 10_000;
const MAX_FRAME_BYTES = 64 * 1024;
/** A bot whose unsent bytes exceed this is cut off rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long past the holder's own 10 s an attempting process waits for the outcome of an attempt sent elsewhere. */
const RELAY_MARGIN_MS = 2_000;

export const CLOSE = {
  unauthenticated: 4001,
  forbidden: 4003,
  tooMany: 4008,
  heartbeat: 4009,
} as const;

const NO_ACK = "no ack within 10 s";
const CLOSED = "connection closed";
const NO_CONNECTION: AttemptResult = { ok: false, status: null, error: "no gateway connection" };
/** A relay that reached no process: the next holder is tried (never returned from `send`). */
const HOLDER_GONE: AttemptResult = { ok: false, status: null, error: "holder gone" };

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
const ACKED: AttemptResult = { ok: true, status: null, error: null };

/** What the gateway needs of bot accounts. */
export interface BotTokens {
  /**
   * The bot behind a token, with the failure's close code and text otherwise: 4001 `invalid bot token`, 4003
   * `bot is suspended` / `bot is deleted`. `tokenHash` identifies the token for the re-check on a change.
   */
  resolve(token: string): Promise<{ botId: string; tokenHash: string } | { code: number; reason: string }>;
  /** Re-reads a token (not from a cache) after the bot changed: null while it still authenticates its bot. */
  recheck(tokenHash: string): Promise<{ code: number; reason: string } | null>;
  /** Subscribes to changes of bots (token rotation, suspension, deletion) made on any process. */
  onChanged(handler: (botIds: string[]) => void): Promise<() => Promise<void>>;
}

export interface BotGatewayOptions {
  pubsub: PubSub;
  directory: GatewayDirectory;
  tokens: BotTokens;
  log: Logger;
  metrics: Metrics;
  heartbeatMs: number;
}

const enum State {
  Pending,
  Authenticating,
  Ready,
  Closed,
}

const NOT_ACKED: AttemptResult = { ok: false, status: null, error: NO_ACK };

/** An attempt sent on a connection, waiting for its ack; settles once (ack, close or its deadline). */
class Waiter implements Expiring {
  settled = false;
  constructor(
    private conn: Connection,
    private deliveryId: string,
    private done: (r: AttemptResult) => void,
  ) {}

  resolve(r: AttemptResult): void {
    if (this.settled) return;
    this.settled = true;
    this.done(r);
  }

  /** No ack in time: it stops waiting (an ack for the delivery's other attempts still counts for them). */
  expire(): void {
    const list = this.conn.waiting.get(this.deliveryId);
    const left = list?.filter((w) => w !== this);
    if (left?.length) this.conn.waiting.set(this.deliveryId, left);
    else this.conn.waiting.delete(this.deliveryId);
    this.resolve(NOT_ACKED);
  }
}

class Connection {
  state = State.Pending;
  botId = "";
  tokenHash = "";
  id = "";
  lastSeen = performance.now();
  timer: NodeJS.Timeout | undefined;
  /** Attempts sent on this connection and waiting for their ack, by delivery id. */
  waiting = new Map<string, Waiter[]>();
  constructor(readonly ws: WebSocket) {}
}

/** Messages between processes, on `bot-gateway:<process id>`. */
type RelayMessage =
  | { k: "send"; a: string; bot: string; d: string; body: string; from: string }
  | { k: "result"; a: string; ok: boolean; error: string | null };

const channelOf = (processId: string) => `bot-gateway:${processId}`;

export class BotGateway implements SocketSender {
  readonly processId = newId();
  private wss: WebSocketServer;
  private pending = new Set<Connection>();
  private byBot = new Map<string, Set<Connection>>();
  private relayed = new Map<string, (r: AttemptResult) => void>();
  /** The deadlines of attempts sent here, and of attempts relayed to another process (which get a margin). */
  private acks = new DeadlineQueue(ATTEMPT_TIMEOUT_MS);
  private relays = new DeadlineQueue(ATTEMPT_TIMEOUT_MS + RELAY_MARGIN_MS);
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => Promise<void>)[] = [];
  private closing = false;
  private gauge: Gauge;

  constructor(private o: BotGatewayOptions) {
    this.wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: MAX_FRAME_BYTES });
    this.gauge = new Gauge({
      name: "bot_gateway_connections",
      help: "Open authenticated bot gateway connections on this process",
      registers: [o.metrics.registry],
    });
  }

  /** Subscribes to this process's relay channel and to bot changes, and starts the timers. */
  async start(): Promise<void> {
    this.unsubscribe.push(await this.o.pubsub.subscribe(channelOf(this.processId), (m) => this.onRelay(m)));
    this.unsubscribe.push(await this.o.tokens.onChanged((ids) => void this.recheck(ids)));
    this.timers.push(setInterval(() => this.closeSilent(), Math.max(50, this.o.heartbeatMs / 2)).unref());
    this.timers.push(setInterval(() => void this.refresh(), REFRESH_MS).unref());
  }

  /** Takes the upgrade if it is for the bot gateway (true); anything else is left to the other handlers. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if ((req.url ?? "").split("?", 1)[0] !== BOT_GATEWAY_PATH) return false;
    if (this.closing) socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    else this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws));
    return true;
  }

  /** Closes every connection (1001); their unacknowledged attempts fail as closed, to be retried elsewhere. */
  async close(graceMs = 1000): Promise<void> {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    // With Redis unreachable an unsubscribe waits in the client's offline queue: the shutdown does not.
    await settledWithin(
      graceMs,
      this.unsubscribe.map((u) => u()),
    );
    const all = [...this.pending, ...[...this.byBot.values()].flatMap((s) => [...s])];
    const closed = all.map(
      (c) => new Promise<void>((resolve) => (c.state === State.Closed ? resolve() : c.ws.once("close", () => resolve()))),
    );
    for (const c of all) c.ws.close(1001, "server shutting down");
    if (!(await settledWithin(graceMs, closed))) all.forEach((c) => c.ws.terminate());
    await Promise.all(closed);
    for (const resolve of this.relayed.values()) resolve(NOT_ACKED);
    this.relayed.clear();
    this.acks.clear();
    this.relays.clear();
  }

  async connections(botId: string): Promise<number> {
    return (await this.o.directory.holders(botId)).length;
  }

  /** One attempt: on a connection of this process if it holds one, else through a process that does. */
  async send(botId: string, deliveryId: string, body: string): Promise<AttemptResult> {
    if (this.byBot.has(botId)) return this.sendHere(botId, deliveryId, body);
    let holders: string[];
    try {
      holders = (await this.o.directory.holders(botId)).filter((p) => p !== this.processId);
    } catch (err) {
      return { ok: false, status: null, error: `gateway directory unavailable: ${(err as Error).message}`.slice(0, 200) };
    }
    // In random order, skipping a holder no process listens for any more (one killed whose entries have not
    // expired yet): relaying to it would only wait out the deadline.
    for (const holder of new Set(shuffled(holders))) {
      const result = await this.relay(holder, botId, deliveryId, body);
      if (result !== HOLDER_GONE) return result;
    }
    return this.byBot.has(botId) ? this.sendHere(botId, deliveryId, body) : NO_CONNECTION;
  }

  /** The attempt through `holder`'s channel; HOLDER_GONE, at once, when no process subscribes to it. */
  private relay(holder: string, botId: string, deliveryId: string, body: string): Promise<AttemptResult> {
    const a = newId();
    return new Promise<AttemptResult>((resolve) => {
      const wait = { settled: false, expire: () => done(NOT_ACKED) };
      const done = (r: AttemptResult) => {
        if (wait.settled) return;
        wait.settled = true;
        this.relayed.delete(a);
        resolve(r);
      };
      this.relayed.set(a, done);
      this.relays.add(wait);
      const msg: RelayMessage = { k: "send", a, bot: botId, d: deliveryId, body, from: this.processId };
      this.o.pubsub.publish(channelOf(holder), JSON.stringify(msg)).then(
        (heard) => heard === 0 && done(HOLDER_GONE),
        (err) => done({ ok: false, status: null, error: `gateway relay failed: ${(err as Error).message}`.slice(0, 200) }),
      );
    });
  }

  private onRelay(message: string): void {
    let m: RelayMessage;
    try {
      m = JSON.parse(message) as RelayMessage;
    } catch {
      return;
    }
    if (m.k === "result") {
      this.relayed.get(m.a)?.({ ok: m.ok, status: null, error: m.error });
      return;
    }
    void this.sendHere(m.bot, m.d, m.body).then((r) => {
      const reply: RelayMessage = { k: "result", a: m.a, ok: r.ok, error: r.error };
      this.o.pubsub.publish(channelOf(m.from), JSON.stringify(reply)).catch((err) => {
        this.o.log.warn({ err: (err as Error).message, deliveryId: m.d }, "bot gateway relay answer failed");
      });
    });
  }

  /** Sends the event on one of this process's connections of the bot and waits for its ack. */
  private sendHere(botId: string, deliveryId: string, body: string): Promise<AttemptResult> {
    const conns = [...(this.byBot.get(botId) ?? [])].filter((c) => c.state === State.Ready && c.ws.readyState === 1);
    if (!conns.length) return Promise.resolve(NO_CONNECTION);
    const conn = conns[Math.floor(Math.random() * conns.length)]!;
    return new Promise<AttemptResult>((resolve) => {
      const waiter = new Waiter(conn, deliveryId, resolve);
      this.acks.add(waiter);
      const list = conn.waiting.get(deliveryId);
      if (list) list.push(waiter);
      else conn.waiting.set(deliveryId, [waiter]);
      if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.o.log.warn({ bot_user_id: botId, connection_id: conn.id }, "bot gateway client too slow; disconnected");
        conn.ws.terminate();
        return;
      }
      // The envelope is spliced in as sent over HTTP, byte for byte.
      conn.ws.send(`{"type":"event","delivery_id":${JSON.stringify(deliveryId)},"event":${body}}`, { binary: false });
    });
  }

  private open(ws: WebSocket): void {
    const conn = new Connection(ws);
    this.pending.add(conn);
    ws.on("message", (data: RawData, isBinary: boolean) => this.onMessage(conn, data, isBinary));
    // Protocol violations (a frame over maxPayload → 1009) are answered by `ws` itself with a close.
    ws.on("error", () => {});
    ws.on("close", () => this.onClose(conn));
    conn.timer = setTimeout(() => ws.close(CLOSE.unauthenticated, "authentication timeout"), AUTH_TIMEOUT_MS);
  }

  private sendJson(conn: Connection, frame: object): void {
    if (conn.ws.readyState === 1) conn.ws.send(JSON.stringify(frame));
  }

  private error(conn: Connection, detail: string): void {
    this.sendJson(conn, { type: "error", detail });
  }

  private onMessage(conn: Connection, data: RawData, isBinary: boolean): void {
    conn.lastSeen = performance.now();
    const parsed = parseClientFrame(data, isBinary);
    if ("error" in parsed) return this.error(conn, parsed.error);
    const frame = parsed.frame;
    if (frame.type === "auth") {
      if (conn.state !== State.Pending) return this.error(conn, "already authenticated");
      if (typeof frame.token !== "string" || !frame.token) {
        this.error(conn, "auth needs a token");
        conn.ws.close(CLOSE.unauthenticated, "invalid bot token");
        return;
      }
      void this.authenticate(conn, frame.token);
      return;
    }
    if (conn.state !== State.Ready) return this.error(conn, "not authenticated");
    if (frame.type === "ping") return this.sendJson(conn, { type: "pong" });
    if (frame.type === "ack") {
      if (typeof frame.delivery_id !== "string") return this.error(conn, "ack needs a delivery_id");
      return this.ack(conn, frame.delivery_id);
    }
    this.error(conn, `unknown frame type: ${frame.type.slice(0, 64)}`);
  }

  /** Late, duplicate and unknown acks find no waiter and are ignored. */
  private ack(conn: Connection, deliveryId: string): void {
    const list = conn.waiting.get(deliveryId);
    if (!list) return;
    conn.waiting.delete(deliveryId);
    for (const w of list) w.resolve(ACKED);
  }

  private async authenticate(conn: Connection, token: string): Promise<void> {
    conn.state = State.Authenticating;
    let who: Awaited<ReturnType<BotTokens["resolve"]>>;
    try {
      who = await this.o.tokens.resolve(token);
    } catch (err) {
      return this.unavailable(conn, err, "authentication unavailable");
    }
    if (conn.state !== State.Authenticating) return;
    if ("code" in who) {
      this.error(conn, who.reason);
      conn.ws.close(who.code, who.reason);
      return;
    }
    conn.botId = who.botId;
    conn.tokenHash = who.tokenHash;
    conn.id = newId();
    let added: boolean;
    try {
      added = await this.o.directory.add({ botId: conn.botId, sessionId: conn.id }, this.processId, MAX_CONNECTIONS_PER_BOT);
    } catch (err) {
      return this.unavailable(conn, err, "gateway unavailable");
    }
    if (!added) {
      this.error(conn, "too many connections");
      conn.ws.close(CLOSE.tooMany, "too many connections");
      return;
    }
    this.pending.delete(conn);
    if (conn.state !== State.Authenticating) {
      // Closed while registering: its entry goes (onClose saw no registration to undo).
      void this.o.directory.remove({ botId: conn.botId, sessionId: conn.id }).catch(() => {});
      return;
    }
    clearTimeout(conn.timer);
    conn.state = State.Ready;
    conn.lastSeen = performance.now();
    let set = this.byBot.get(conn.botId);
    if (!set) this.byBot.set(conn.botId, (set = new Set()));
    set.add(conn);
    this.gauge.inc();
    this.sendJson(conn, { type: "ready", bot_user_id: conn.botId, session_id: conn.id, heartbeat_interval_ms: this.o.heartbeatMs });
    // A change announced while this connection authenticated found nothing to close here: check once more.
    void this.recheck([conn.botId], conn);
  }

  private unavailable(conn: Connection, err: unknown, detail: string): void {
    this.o.log.error({ err: (err as Error).message }, `bot gateway: ${detail}`);
    this.error(conn, detail);
    conn.ws.close(1011, detail);
  }

  private onClose(conn: Connection): void {
    const was = conn.state;
    conn.state = State.Closed;
    clearTimeout(conn.timer);
    this.pending.delete(conn);
    for (const list of conn.waiting.values()) for (const w of list) w.resolve({ ok: false, status: null, error: CLOSED });
    conn.waiting.clear();
    if (was !== State.Ready) return;
    const set = this.byBot.get(conn.botId);
    set?.delete(conn);
    if (set && !set.size) this.byBot.delete(conn.botId);
    this.gauge.dec();
    this.o.directory.remove({ botId: conn.botId, sessionId: conn.id }).catch((err) => {
      this.o.log.warn({ err: (err as Error).message }, "bot gateway: could not unregister a connection");
    });
  }

  /** Closes (4009) connections silent for two heartbeat intervals. */
  private closeSilent(): void {
    const limit = performance.now() - 2 * this.o.heartbeatMs;
    for (const set of this.byBot.values())
      for (const conn of set)
        if (conn.lastSeen < limit) {
          this.error(conn, "heartbeat timeout");
          conn.ws.close(CLOSE.heartbeat, "heartbeat timeout");
        }
  }

  /** After a change of these bots: connections whose token no longer authenticates its bot are closed. */
  private async recheck(botIds: string[], only?: Connection): Promise<void> {
    for (const botId of botIds) {
      const conns = only ? [only] : [...(this.byBot.get(botId) ?? [])];
      for (const conn of conns) {
        let verdict: { code: number; reason: string } | null;
        try {
          verdict = await this.o.tokens.recheck(conn.tokenHash);
        } catch (err) {
          this.o.log.warn({ err: (err as Error).message }, "bot gateway: re-check failed");
          continue;
        }
        if (verdict && conn.state === State.Ready) {
          this.error(conn, verdict.reason);
          conn.ws.close(verdict.code, verdict.reason);
        }
      }
    }
  }

  private async refresh(): Promise<void> {
    const entries = [...this.byBot.values()].flatMap((s) => [...s].map((c) => ({ botId: c.botId, sessionId: c.id })));
    try {
      await this.o.directory.refresh(entries, this.processId);
    } catch (err) {
      this.o.log.warn({ err: (err as Error).message }, "bot gateway: directory refresh failed");
    }
  }
}
