// @parley/sdk-client/node: the same API, with `connectRealtime` defaulting to the `ws` package (Node 20 has no
// global WebSocket). Browsers import the main entry instead.
import { WebSocket } from "ws";
import { connectRealtime as connect, type RealtimeClient, type RealtimeOptions } from "./realtime/client.ts";
import type { WebSocketConstructor } from "./realtime/socket.ts";

export * from "./index.ts";
export { FileStore } from "./e2e/file-store.ts";

/** {@link index.connectRealtime} with the `ws` package as its WebSocket (Node 20 has no global one). */
export function connectRealtime(options: RealtimeOptions): RealtimeClient {
  return connect({ WebSocket: WebSocket satisfies WebSocketConstructor, ...options });
}
