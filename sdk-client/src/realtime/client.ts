// connectRealtime: the realtime gateway protocol (`GET /api/ws`, first frame `auth`, `ready`, ping/pong) with
// reconnects (exponential backoff, full jitter, a fresh token from the provider each time), client heartbeats
// (a missing pong means a dead link), an event-emitter API and async iteration.
import type { TokenProvider } from "../session.ts";
import { backoffDelay, type BackoffOptions } from "./backoff.ts";
import { parseFrame, type KnownFrames, type ReadyFrame, type ServerFrame, type UnknownFrame } from "./frames.ts";
import { AsyncQueue } from "./queue.ts";
import {
  defaultWebSocket,
  messageText,
  realtimeUrl,
  type CloseEventLike,
  type MessageEventLike,
  type WebSocketConstructor,
  type WebSocketLike,
} from "./socket.ts";

/** Options of {@link connectRealtime}. */
export interface RealtimeOptions {
  baseUrl: string;
  /** A fixed access token. A connection refused for it (close 4001) is not retried: the token will not heal. */
  token?: string;
  /** Asked for a token before every (re)connection; `client.freshAccessToken` fits. */
  tokenProvider?: TokenProvider;
  /** The WebSocket constructor; defaults to `globalThis.WebSocket` (browsers, Node ≥ 22). */
  WebSocket?: WebSocketConstructor;
  /** How often a `ping` goes out once ready (default 25 000 ms). */
  heartbeatMs?: number;
  /** A `ping` unanswered this long (and no other frame) marks the link dead (default 10 000 ms). */
  pongTimeoutMs?: number;
  /** From socket open to `ready` (default 10 000 ms). */
  authTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** Frames kept per async iterator that is not reading (oldest dropped; default 1000). */
  maxBufferedFrames?: number;
}

/** Where the connection is: opening the socket, waiting for `ready`, ready, waiting to reconnect, or closed for good. */
export type RealtimeState = "connecting" | "authenticating" | "ready" | "waiting" | "closed";

/** The `disconnected` event: the close code and reason, and when the next attempt starts. */
export interface Disconnected {
  code: number;
  reason: string;
  /** When the next attempt starts; null when the client stopped (close(), or a fixed token refused). */
  reconnectInMs: number | null;
}

/** Frame events by type, plus the lifecycle: `connected` (each `ready`), `disconnected`, and `frame` (every frame). */
export type RealtimeEvents = KnownFrames & { connected: ReadyFrame; disconnected: Disconnected; frame: ServerFrame };

type Listener = (value: never) => void;

/** What pending `ready()` calls and iterators reject with once the client is closed. */
export class RealtimeClosedError extends Error {
  override readonly name = "RealtimeClosedError";
}

const CLOSE_UNAUTHENTICATED = 4001;
/** The access token expired: reconnect at once with a fresh one. */
const CLOSE_TOKEN_EXPIRED = 4004;

/** Which members of a space to hear the presence of: listed user ids, or positions `[first, last]` of the member list. */
export type PresenceSelection = { userIds: string[] } | { range: [number, number] };

/** A realtime gateway connection that authenticates, heart-beats and reconnects by itself; listen with `on`, or iterate it. */
export class RealtimeClient implements AsyncIterable<ServerFrame> {
  private readonly ctor: WebSocketConstructor;
  private socket: WebSocketLike | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private iterators = new Set<AsyncQueue<ServerFrame>>();
  private readyWaiters: { resolve: (f: ReadyFrame) => void; reject: (e: Error) => void }[] = [];
  private lastReady: ReadyFrame | null = null;
  private attempt = 0;
  private timers: {
    auth?: ReturnType<typeof setTimeout>;
    heartbeat?: ReturnType<typeof setInterval>;
    pong?: ReturnType<typeof setTimeout>;
    retry?: ReturnType<typeof setTimeout>;
  } = {};
  private _state: RealtimeState = "connecting";
  /** Presence subscriptions by space, sent again after every reconnect (the server forgets them with the socket). */
  private presenceSubs = new Map<string, PresenceSelection>();

  constructor(private readonly o: RealtimeOptions) {
    this.ctor = o.WebSocket ?? defaultWebSocket();
    void this.connect();
  }

  /** Where the connection is now. */
  get state(): RealtimeState {
    return this._state;
  }

  /** The `ready` frame of the current connection, or null while (re)connecting. */
  get session(): ReadyFrame | null {
    return this._state === "ready" ? this.lastReady : null;
  }

  /** Resolves with the current `ready` frame, or the next one; rejects once the client is closed or on time-out. */
  ready(timeoutMs = 15_000): Promise<ReadyFrame> {
    if (this._state === "ready" && this.lastReady) return Promise.resolve(this.lastReady);
    if (this._state === "closed") return Promise.reject(new RealtimeClosedError("realtime client is closed"));
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (f: ReadyFrame) => (clearTimeout(timer), resolve(f)),
        reject: (e: Error) => (clearTimeout(timer), reject(e)),
      };
      const timer = setTimeout(() => {
        this.readyWaiters = this.readyWaiters.filter((w) => w !== waiter);
        reject(new Error(`realtime not ready within ${timeoutMs} ms`));
      }, timeoutMs);
      this.readyWaiters.push(waiter);
    });
  }

  /** Listens to a frame type or lifecycle event; returns the function that stops listening. */
  on<K extends keyof RealtimeEvents>(event: K, fn: (value: RealtimeEvents[K]) => void): () => void;
  on(event: string, fn: (frame: UnknownFrame) => void): () => void;
  on(event: string, fn: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
    return () => void set.delete(fn);
  }

  /** Like `on`, for the next event only. */
  once<K extends keyof RealtimeEvents>(event: K, fn: (value: RealtimeEvents[K]) => void): () => void {
    const off = this.on(event, (value: RealtimeEvents[K]) => {
      off();
      fn(value);
    });
    return off;
  }

  /** Every frame from now on (pongs excluded), across reconnects, until close(). */
  [Symbol.asyncIterator](): AsyncIterator<ServerFrame> {
    const q: AsyncQueue<ServerFrame> = new AsyncQueue(this.o.maxBufferedFrames ?? 1000, () => this.iterators.delete(q));
    if (this._state === "closed") q.end();
    else this.iterators.add(q);
    return q;
  }

  /** Sends a client frame on the current connection (only once ready). */
  send(frame: { type: string; [key: string]: unknown }): void {
    if (this._state !== "ready" || !this.socket) throw new Error("realtime connection is not ready");
    this.socket.send(JSON.stringify(frame));
  }

  /**
   * Hears the presence of some members of a space (needed in large spaces, where `presence:update` of other
   * members who are not friends comes only to subscribers). Replaces the previous subscription in that space; the
   * server answers `presence:subscribed` with their current presence and the space's online count. Kept across
   * reconnects. At most 100 members.
   */
  subscribePresence(spaceId: string, selection: PresenceSelection): void {
    this.presenceSubs.set(spaceId, selection);
    if (this._state === "ready") this.sendPresence(spaceId, selection);
  }

  /** Ends the presence subscription in a space. */
  unsubscribePresence(spaceId: string): void {
    if (!this.presenceSubs.delete(spaceId)) return;
    if (this._state === "ready") this.sendPresence(spaceId, { userIds: [] });
  }

  private sendPresence(spaceId: string, sel: PresenceSelection): void {
    const body = "range" in sel ? { range: sel.range } : { user_ids: sel.userIds };
    this.socket?.send(JSON.stringify({ type: "presence:subscribe", space_id: spaceId, ...body }));
  }

  /** Stops for good: closes the socket (1000), ends every iterator, rejects pending `ready()` calls. */
  close(): Promise<void> {
    if (this._state === "closed") return Promise.resolve();
    this._state = "closed";
    const socket = this.socket;
    this.teardown();
    for (const q of [...this.iterators]) q.end();
    for (const w of this.readyWaiters.splice(0)) w.reject(new RealtimeClosedError("realtime client is closed"));
    this.emit("disconnected", { code: 1000, reason: "closed by client", reconnectInMs: null });
    if (!socket || socket.readyState >= 2) return Promise.resolve();
    return new Promise((resolve) => {
      const done = setTimeout(resolve, 1000);
      socket.onclose = () => (clearTimeout(done), resolve());
      try {
        socket.close(1000, "closed by client");
      } catch {
        clearTimeout(done);
        resolve();
      }
    });
  }

  private async connect(): Promise<void> {
    this._state = "connecting";
    let token: string | null | undefined;
    try {
      token = this.o.tokenProvider ? await this.o.tokenProvider() : this.o.token;
    } catch {
      token = null;
    }
    if (this._state !== "connecting") return;
    if (!token) return this.lost(CLOSE_UNAUTHENTICATED, "no token available");
    let socket: WebSocketLike;
    try {
      socket = new this.ctor(realtimeUrl(this.o.baseUrl));
    } catch (err) {
      return this.lost(1006, (err as Error).message);
    }
    this.socket = socket;
    socket.onopen = () => {
      this._state = "authenticating";
      socket.send(JSON.stringify({ type: "auth", token }));
      this.timers.auth = setTimeout(() => this.kill("authentication timeout"), this.o.authTimeoutMs ?? 10_000);
    };
    socket.onmessage = (ev: MessageEventLike) => {
      const text = messageText(ev.data);
      const frame = text === null ? null : parseFrame(text);
      if (frame) this.receive(frame);
    };
    socket.onclose = (ev: CloseEventLike) => this.lost(ev.code, ev.reason);
    // An error is always followed by a close event, which does the work.
    socket.onerror = () => {};
  }

  private receive(frame: ServerFrame): void {
    // The space is gone: nothing to subscribe to there after a reconnect.
    if (frame.type === "space:deleted") this.presenceSubs.delete((frame as { space_id: string }).space_id);
    // Any frame proves the link alive.
    clearTimeout(this.timers.pong);
    if (frame.type === "pong") return;
    if (frame.type === "ready") {
      clearTimeout(this.timers.auth);
      this._state = "ready";
      this.attempt = 0;
      this.lastReady = frame as ReadyFrame;
      this.startHeartbeat();
      for (const [spaceId, sel] of this.presenceSubs) this.sendPresence(spaceId, sel);
      for (const w of this.readyWaiters.splice(0)) w.resolve(this.lastReady);
      this.emit("connected", this.lastReady);
    }
    for (const q of this.iterators) q.push(frame);
    this.emit(frame.type, frame);
    this.emit("frame", frame);
  }

  private startHeartbeat(): void {
    clearInterval(this.timers.heartbeat);
    this.timers.heartbeat = setInterval(() => {
      if (!this.socket || this._state !== "ready") return;
      this.socket.send(JSON.stringify({ type: "ping" }));
      clearTimeout(this.timers.pong);
      this.timers.pong = setTimeout(() => this.kill("heartbeat timeout"), this.o.pongTimeoutMs ?? 10_000);
    }, this.o.heartbeatMs ?? 25_000);
  }

  /** Gives up on the current socket without waiting for a closing handshake a dead link would never finish. */
  private kill(reason: string): void {
    const socket = this.socket;
    this.teardown();
    if (socket) {
      try {
        if (socket.terminate) socket.terminate();
        else socket.close(4000, reason);
      } catch {
        // already closing
      }
    }
    this.lost(1006, reason);
  }

  /** Clears timers and detaches the socket, so that late events from it are ignored. */
  private teardown(): void {
    clearTimeout(this.timers.auth);
    clearInterval(this.timers.heartbeat);
    clearTimeout(this.timers.pong);
    clearTimeout(this.timers.retry);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
  }

  private lost(code: number, reason: string): void {
    if (this._state === "closed") return;
    this.teardown();
    // A fixed token that the server refused (or that expired) will be refused again: stop rather than knock forever.
    if ((code === CLOSE_UNAUTHENTICATED || code === CLOSE_TOKEN_EXPIRED) && !this.o.tokenProvider) {
      this._state = "closed";
      for (const q of [...this.iterators]) q.end();
      const err = new RealtimeClosedError(`realtime authentication refused: ${reason || code}`);
      for (const w of this.readyWaiters.splice(0)) w.reject(err);
      this.emit("disconnected", { code, reason, reconnectInMs: null });
      return;
    }
    // An expired token is routine (every 15 minutes): reconnect at once with a fresh one, no backoff.
    const delay = code === CLOSE_TOKEN_EXPIRED ? 0 : backoffDelay(this.attempt++, this.o.backoff);
    this._state = "waiting";
    this.emit("disconnected", { code, reason, reconnectInMs: delay });
    this.timers.retry = setTimeout(() => void this.connect(), delay);
  }

  private emit(event: string, value: unknown): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const fn of [...set]) {
      try {
        (fn as (v: unknown) => void)(value);
      } catch (err) {
        // Like an EventEmitter listener that throws, but without breaking delivery to the others.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }
}

/** Opens a realtime connection; `await rt.ready()` for the first `ready` frame. */
export function connectRealtime(options: RealtimeOptions): RealtimeClient {
  return new RealtimeClient(options);
}
