// WebSocket upgrades for every path. node:http hands an upgrade request's raw socket to the 'upgrade' listeners
// and removes its own 'error' listener from it first: from then on, a reset by the client (before, during or
// after our answer) is an 'error' event with no listener, an uncaught exception that ends the process. So one
// router owns the 'upgrade' event, gives every socket an 'error' listener before anything else runs, answers
// the paths nobody serves, and hands the others to the gateway that registered the path.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "../logger.ts";

/** Takes over one upgrade request: answers it on `socket` (e.g. ws's handleUpgrade) or refuses it with `refuseUpgrade`. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Answers an upgrade request with a plain HTTP status and closes the connection, as `ws` does for a bad handshake. */
export function refuseUpgrade(socket: Duplex, status: "404 Not Found" | "503 Service Unavailable"): void {
  if (socket.destroyed) return;
  // Once the answer is flushed, close: an upgrade socket has no HTTP timeouts, and a client that never closes its
  // side would otherwise hold it open for good.
  socket.once("finish", () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export class UpgradeRouter {
  private readonly routes = new Map<string, UpgradeHandler>();

  constructor(
    http: Server,
    private readonly log: Logger,
  ) {
    http.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => this.dispatch(req, socket, head));
  }

  /** Routes upgrade requests for exactly `path` (the query string aside) to `handler`. */
  add(path: string, handler: UpgradeHandler): void {
    if (this.routes.has(path)) throw new Error(`an upgrade handler for ${path} is already registered`);
    this.routes.set(path, handler);
  }

  private dispatch(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // A reset or a write after the peer left is the client's business: the socket is destroyed either way.
    socket.on("error", () => socket.destroy());
    const handler = this.routes.get((req.url ?? "").split("?", 1)[0]!);
    if (!handler) return refuseUpgrade(socket, "404 Not Found");
    try {
      handler(req, socket, head);
    } catch (err) {
      // A throw here would escape into node:http's parser and end the process: drop this one connection instead.
      this.log.error({ err, path: req.url }, "upgrade handler failed");
      socket.destroy();
    }
  }
}
