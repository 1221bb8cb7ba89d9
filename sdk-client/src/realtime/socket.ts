// The smallest WebSocket surface the realtime client needs: met by the browser's WebSocket and by the `ws`
// package alike, so the constructor is injected and nothing Node-only is imported on the browser path.
/** The part of a WebSocket the client uses: the browser's, Node 22's global one and `ws` all fit. */
export interface WebSocketLike {
  readonly readyState: number;
  /** Sends a text frame. */
  send(data: string): void;
  /** Closes the socket. */
  close(code?: number, reason?: string): void;
  /** `ws` only: drops the connection at once without the closing handshake. */
  terminate?(): void;
  // Handlers are only ever assigned by this library, never called by it, hence the `never` parameters: any
  // implementation's own event types fit.
  /** Called when the socket opened. */
  onopen: ((ev: never) => void) | null;
  /** Called for each message. */
  onmessage: ((ev: never) => void) | null;
  /** Called when the socket closed. */
  onclose: ((ev: never) => void) | null;
  /** Called on a socket error (a close follows). */
  onerror: ((ev: never) => void) | null;
}

/** A WebSocket class: `new WebSocket(url)`. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface MessageEventLike {
  data: unknown;
}

export interface CloseEventLike {
  code: number;
  reason: string;
}

/** Text of a message event from either implementation (string, Buffer, ArrayBuffer or a view). */
export function messageText(data: unknown): string | null {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data as Uint8Array);
  return null;
}

export function realtimeUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "").replace(/^http(s?):/, "ws$1:") + "/api/ws";
}

export function defaultWebSocket(): WebSocketConstructor {
  const ctor = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!ctor)
    throw new Error(
      "no global WebSocket here: pass `WebSocket` (e.g. from the `ws` package), or import connectRealtime from `@parley/sdk-client/node`",
    );
  return ctor;
}
