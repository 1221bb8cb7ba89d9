// Graceful HTTP shutdown: stop accepting, let in-flight requests finish, and cut what remains after a grace period.
import { Server as NetServer } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** How long a connection with no request yet may still deliver one after shutdown begins. */
const IDLE_WINDOW_MS = 250;

/** Resolves after the event loop's next poll phase: sockets with data waiting have been read by then. */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Consecutive loop turns without a new connection that mean the kernel's accept queue is empty. */
const QUIET_TURNS = 3;

/**
 * Connections the kernel has queued but we have not accepted yet are reset when the listener closes, and
 * libuv accepts only a few per loop turn: keep turning the loop until a few turns in a row accepted nothing
 * (bounded). What arrives after that is what SHUTDOWN_DELAY_MS is for.
 */
async function acceptQueued(http: Server, maxMs: number): Promise<void> {
  let accepted = 0;
  const count = () => void accepted++;
  http.on("connection", count);
  const end = Date.now() + maxMs;
  for (let quiet = 0; quiet < QUIET_TURNS && Date.now() < end;) {
    const before = accepted;
    await new Promise((resolve) => setTimeout(resolve, 0));
    await afterPoll();
    quiet = accepted === before ? quiet + 1 : 0;
  }
  http.off("connection", count);
}

export async function drainHttp(http: Server, graceMs: number): Promise<void> {
  await acceptQueued(http, Math.min(graceMs / 2, 3000));
  // http.Server#close() also destroys at once every connection whose request has not been parsed yet,
  // which resets a client that connected a moment ago and whose request is still on the wire. So stop
  // listening through net.Server#close instead, answer whatever still arrives with `Connection: close`,
  // and only after a short window drop the connections that stayed idle. On a busy process the window's
  // timer can fire before the loop has read requests that arrived in time, so look once more after a poll.
  const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(http, () => resolve()));
  http.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => res.setHeader("Connection", "close"));
  const idle = setTimeout(() => void afterPoll().then(() => http.closeIdleConnections()), Math.min(IDLE_WINDOW_MS, graceMs)).unref();
  const cut = setTimeout(() => http.closeAllConnections(), graceMs).unref();
  await drained.finally(() => {
    clearTimeout(idle);
    clearTimeout(cut);
    // http.Server#close also stops its connection-checking interval; the listener is already closed.
    http.close();
  });
}
