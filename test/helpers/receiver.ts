// A real HTTP receiver on 127.0.0.1 for webhook tests: records every request with its raw body.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  at: number;
}

type Responder = (r: Received, res: ServerResponse) => void;

export interface Receiver {
  url: string;
  received: Received[];
  /** Changes how later requests are answered (default: 200 at once). */
  respond(fn: Responder): void;
  /** Resolves when `n` requests have arrived in total. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let responder: Responder = (_r, res) => void res.writeHead(200).end("ok");
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const r = { headers: req.headers, raw: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(r);
      responder(r, res);
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    respond: (fn) => void (responder = fn),
    async waitFor(n, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received.slice(0, n);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
