// Graceful HTTP shutdown: stop accepting, let in-flight requests finish, and cut what remains after a grace period.
import { Server as NetServer } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** How long a connection with no request yet may still deliver one after shutdown begins. */
const IDLE_WINDOW_MS = 250;

export function drainHttp(http: Server, graceMs: number): Promise<void> {
  // http.Server#close() also destroys at once every connection whose request has not been parsed yet,
  // which resets a client that connected a moment ago and whose request is still on the wire. So stop
  // listening through net.Server#close instead, answer whatever still arrives with `Connection: close`,
  // and only after a short window drop the connections that stayed idle.
  const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(http, () => resolve()));
  http.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => res.setHeader("Connection", "close"));
  const idle = setTimeout(() => http.closeIdleConnections(), Math.min(IDLE_WINDOW_MS, graceMs)).unref();
  const cut = setTimeout(() => http.closeAllConnections(), graceMs).unref();
  return drained.finally(() => {
    clearTimeout(idle);
    clearTimeout(cut);
    // http.Server#close also stops its connection-checking interval; the listener is already closed.
    http.close();
  });
}
