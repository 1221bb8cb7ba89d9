// The bot gateway client (spec/realtime/bot-gateway.tsp): the bot opens a WebSocket to the server and receives the
// deliveries of its socket webhooks over it, so it needs no public URL. Each delivery is claimed (de-duplicated by
// its id), acknowledged, and only then handed to the handlers: a handler failure never turns into a retry. The
// connection is kept up with pings, and reopened with backoff and jitter when it drops.
//
// Runtime-portable: the global WebSocket (Node 22+, Deno, Bun, browsers, workers), or the `ws` package where
// there is none (Node 20), or a constructor passed in.
import type { components } from "./api-types.ts";
import type { CommandBuilder, OptionsOf } from "./command-builder.ts";
import { Deduplicator, MemoryDeliveryStore, DEFAULT_DEDUPE_TTL_MS, type DeliveryStore } from "./webhooks/dedupe.ts";
import type { EventType, OptionValue, WebhookEvent } from "./webhooks/events.ts";
import type {
  CommandContext,
  CommandEvent,
  CommandHandler,
  EventHandler,
  HandlerContext,
  Interaction,
  Responder,
} from "./webhooks/receiver.ts";

const WS_MODULE: string = "ws";

type S = components["schemas"];
/** The `ready` frame: the bot user id, this connection's session id and the heartbeat interval to keep. */
export type GatewayReadyFrame = S["BotGateway.BotReadyFrame"];
/** Any frame the gateway sends: `ready`, `event`, `pong` or `error`. */
export type GatewayServerFrame = S["BotGateway.BotServerFrame"];

/** The path the server takes gateway connections on. */
export const GATEWAY_PATH = "/api/bot/gateway";

/** Close codes after which reconnecting cannot help: the token is wrong, or the bot may not connect. */
export const FATAL_CLOSE_CODES: ReadonlySet<number> = new Set([4001, 4003]);

/** The WHATWG WebSocket shape this client uses (the global one, or `ws`'s). */
export interface WebSocketLike {
  readonly readyState: number;
  /** Sends one text frame. */
  send(data: string): void;
  /** Closes the connection with a code and reason. */
  close(code?: number, reason?: string): void;
  /** Called once the connection is open. */
  addEventListener(type: "open", listener: () => void): void;
  /** Called for every frame received. */
  addEventListener(type: "message", listener: (ev: { data: unknown }) => void): void;
  /** Called once the connection has closed, with its code and reason. */
  addEventListener(type: "close", listener: (ev: { code: number; reason: string }) => void): void;
  /** Called on a connection error (a close follows). */
  addEventListener(type: "error", listener: (ev: unknown) => void): void;
}

/** A WebSocket class to connect with, where the runtime has no global one (or to use another). */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Options of `bot.gateway.connect()`. */
export interface GatewayConnectOptions {
  /** Ends the connection for good when aborted, as `close()` does. */
  signal?: AbortSignal;
  /** Where delivery ids are remembered (default: in memory); `false` turns de-duplication off. */
  dedupe?: DeliveryStore | false;
  dedupeTtlMs?: number;
  /** Handler failures, fatal closes and connection problems; the default writes one line without payload to stderr. */
  onError?: (err: unknown, event?: WebhookEvent) => void;
  /** Told of every `ready` (after each reconnect too). */
  onReady?: (ready: GatewayReadyFrame) => void;
  /** First delay before reconnecting (default 1 s); doubles on each failed try up to `maxReconnectDelayMs`. */
  minReconnectDelayMs?: number;
  /** Longest delay between reconnects (default 30 s); each delay is drawn at random below the current bound. */
  maxReconnectDelayMs?: number;
  /** A WebSocket constructor for runtimes without a global one and without the `ws` package. */
  WebSocket?: WebSocketConstructor;
}

/** What `bot.gateway.connect` needs of its bot. */
export interface GatewayBot {
  baseUrl: string;
  token: string;
  respond: Responder;
}

/** A gateway connection closed by the server for good (4001 invalid token, 4003 bot suspended or deleted). */
export class GatewayClosedError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`gateway closed ${code}${reason ? ` (${reason})` : ""}`);
    this.name = "GatewayClosedError";
  }
}

type AnyHandler = (event: WebhookEvent, ctx: HandlerContext) => unknown;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

async function webSocketClass(given?: WebSocketConstructor): Promise<WebSocketConstructor> {
  if (given) return given;
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global) return global;
  try {
    // Node 20 has no global WebSocket: the `ws` package (an optional peer dependency) stands in. By a variable, so
    // neither tsc nor a bundler insists on resolving it where it is not installed.
    const mod = (await import(/* @vite-ignore */ WS_MODULE)) as { WebSocket?: WebSocketConstructor; default?: WebSocketConstructor };
    const ctor = mod.WebSocket ?? mod.default;
    if (ctor) return ctor;
  } catch {
    // fall through
  }
  throw new Error("no WebSocket in this runtime: install the `ws` package or pass `WebSocket` to gateway.connect()");
}

function text(data: unknown): string | undefined {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return undefined;
}

/**
 * The receiver of a gateway connection: the same `.on()`, `.onAny()` and `.onCommand()` as the webhook receiver.
 * Made by `bot.gateway.connect()`, which starts connecting at once.
 */
export class GatewayReceiver {
  private readonly handlers = new Map<string, AnyHandler[]>();
  private readonly anyHandlers: AnyHandler[] = [];
  private readonly dedupe: Deduplicator | undefined;
  private readonly stop = new AbortController();
  private socket: WebSocketLike | undefined;
  private readyWaiters: { resolve(r: GatewayReadyFrame): void; reject(e: unknown): void }[] = [];
  private lastReady: GatewayReadyFrame | undefined;
  private fatal: GatewayClosedError | undefined;
  /** Settles once the receiver has stopped for good (close(), the signal, or a fatal close). */
  readonly closed: Promise<void>;

  constructor(
    private readonly bot: GatewayBot,
    private readonly opts: GatewayConnectOptions = {},
  ) {
    this.dedupe =
      opts.dedupe === false
        ? undefined
        : new Deduplicator(opts.dedupe ?? new MemoryDeliveryStore(), opts.dedupeTtlMs ?? DEFAULT_DEDUPE_TTL_MS);
    if (opts.signal) {
      if (opts.signal.aborted) this.stop.abort();
      else opts.signal.addEventListener("abort", () => void this.close(), { once: true });
    }
    this.closed = this.run();
  }

  /** Runs `handler` for every event of `type`, with `event.data` typed for it. */
  on<T extends EventType>(type: T, handler: EventHandler<T>): this {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as AnyHandler);
    this.handlers.set(type, list);
    return this;
  }

  /** Every event, whatever its type (also types this SDK does not know yet). */
  onAny(handler: (event: WebhookEvent, ctx: HandlerContext) => unknown): this {
    this.anyHandlers.push(handler);
    return this;
  }

  /** `command.invoked` of one command; with a builder from `command()`, `event.data.options` is typed. */
  onCommand<B extends CommandBuilder<object> | string>(
    command: B,
    handler: CommandHandler<B extends string ? Record<string, OptionValue> : OptionsOf<B>>,
  ): this {
    const name = (typeof command === "string" ? command : command.name).trim().toLowerCase();
    return this.on("command.invoked", (event, ctx) => {
      if (event.data.command === name && ctx.interaction) return handler(event as CommandEvent<never>, ctx as CommandContext);
    });
  }

  /** Resolves with the current connection's `ready` (waiting for the next one while disconnected). */
  ready(): Promise<GatewayReadyFrame> {
    if (this.fatal) return Promise.reject(this.fatal);
    if (this.stop.signal.aborted) return Promise.reject(new Error("gateway receiver closed"));
    if (this.lastReady && this.socket?.readyState === 1) return Promise.resolve(this.lastReady);
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  /** Closes the connection (1000) and stops reconnecting; resolves once stopped. */
  async close(): Promise<void> {
    this.stop.abort();
    try {
      this.socket?.close(1000, "bye");
    } catch {
      // already closing
    }
    await this.closed;
  }

  private async run(): Promise<void> {
    const min = this.opts.minReconnectDelayMs ?? 1000;
    const max = this.opts.maxReconnectDelayMs ?? 30_000;
    let failures = 0;
    try {
      const Ws = await webSocketClass(this.opts.WebSocket);
      while (!this.stop.signal.aborted) {
        const { code, reason, wasReady } = await this.connectOnce(Ws);
        if (this.stop.signal.aborted) break;
        if (FATAL_CLOSE_CODES.has(code)) {
          this.fatal = new GatewayClosedError(code, reason);
          this.report(this.fatal);
          break;
        }
        failures = wasReady ? 0 : failures + 1;
        // Full jitter: a fleet of bots cut off together does not come back together.
        const bound = Math.min(max, min * 2 ** Math.min(failures, 16));
        await sleep(wasReady ? Math.random() * min : Math.random() * bound, this.stop.signal);
      }
    } catch (err) {
      this.report(err);
      this.fatal ??= new GatewayClosedError(0, (err as Error).message);
    } finally {
      const err = this.fatal ?? new Error("gateway receiver closed");
      for (const w of this.readyWaiters.splice(0)) w.reject(err);
    }
  }

  /** One connection, from open to close. */
  private connectOnce(Ws: WebSocketConstructor): Promise<{ code: number; reason: string; wasReady: boolean }> {
    const url = `${this.bot.baseUrl.replace(/\/+$/, "").replace(/^http/, "ws")}${GATEWAY_PATH}`;
    return new Promise((resolve) => {
      let ws: WebSocketLike;
      try {
        ws = new Ws(url);
      } catch (err) {
        this.report(err);
        resolve({ code: 0, reason: "", wasReady: false });
        return;
      }
      this.socket = ws;
      let wasReady = false;
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let lastHeard = Date.now();
      ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "auth", token: this.bot.token })));
      ws.addEventListener("message", (ev) => {
        lastHeard = Date.now();
        const raw = text(ev.data);
        let frame: GatewayServerFrame | undefined;
        try {
          frame = raw === undefined ? undefined : (JSON.parse(raw) as GatewayServerFrame);
        } catch {
          frame = undefined;
        }
        if (!frame || typeof frame !== "object") return;
        if (frame.type === "ready") {
          wasReady = true;
          this.lastReady = frame;
          const every = Math.max(100, frame.heartbeat_interval_ms);
          heartbeat = setInterval(() => {
            // Silent for two intervals: the link is dead even if the socket has not noticed.
            if (Date.now() - lastHeard > 2 * every) return ws.close(4000, "heartbeat lost");
            if (ws.readyState === 1) ws.send('{"type":"ping"}');
          }, every);
          this.opts.onReady?.(frame);
          for (const w of this.readyWaiters.splice(0)) w.resolve(frame);
        } else if (frame.type === "event") void this.receive(ws, frame.delivery_id, frame.event);
        else if (frame.type === "error") this.report(new Error(`gateway: ${frame.detail}`));
      });
      ws.addEventListener("error", () => {});
      ws.addEventListener("close", (ev) => {
        clearInterval(heartbeat);
        if (this.socket === ws) this.socket = undefined;
        resolve({ code: ev.code, reason: ev.reason, wasReady });
      });
      if (this.stop.signal.aborted) ws.close(1000, "bye");
    });
  }

  /** Claim, ack, then handle. A store that fails leaves the delivery unacknowledged: the server retries it. */
  private async receive(ws: WebSocketLike, deliveryId: string, event: WebhookEvent): Promise<void> {
    try {
      if (this.dedupe && !(await this.dedupe.first(deliveryId))) {
        this.ack(ws, deliveryId);
        return;
      }
    } catch (err) {
      this.report(err, event);
      return;
    }
    this.ack(ws, deliveryId);
    const ctx: HandlerContext = { deliveryId };
    if (event.type === "command.invoked") ctx.interaction = this.interaction(event);
    const list = [...(this.handlers.get(event.type) ?? []), ...this.anyHandlers];
    await Promise.all(
      list.map(async (h) => {
        try {
          await h(event, ctx);
        } catch (err) {
          this.report(err, event);
        }
      }),
    );
  }

  private ack(ws: WebSocketLike, deliveryId: string): void {
    if (ws.readyState === 1) ws.send(JSON.stringify({ type: "ack", delivery_id: deliveryId }));
  }

  private interaction(event: WebhookEvent<"command.invoked">): Interaction {
    const { interaction_id: id, interaction_token: token } = event.data;
    return { id, token, respond: (content) => this.bot.respond(token, content) };
  }

  private report(err: unknown, event?: WebhookEvent): void {
    if (this.opts.onError) return this.opts.onError(err, event);
    const what = event ? `${event.type} ${event.id}` : "gateway";
    console.error(`[parley sdk-bot] ${what}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
}

/** `bot.gateway`: `connect()` opens the gateway and returns its receiver. */
export function botGateway(bot: GatewayBot) {
  return {
    /** Opens the gateway connection (reconnecting until closed) and answers its receiver. */
    connect: (opts: GatewayConnectOptions = {}): GatewayReceiver => new GatewayReceiver(bot, opts),
  };
}
