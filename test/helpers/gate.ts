// A TCP pass-through whose answers (server → client) can be held back and released: a test puts it between a
// server and PostgreSQL to stop time right after a query has run and before its result arrives.
import { createServer, connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface Gate {
  port: number;
  /** From now on, upstream bytes wait here. */
  hold(): void;
  /** Lets the waiting bytes (and everything after) through. */
  release(): void;
  close(): Promise<void>;
}

export async function startGate(upstreamHost: string, upstreamPort: number): Promise<Gate> {
  let held = false;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(upstreamPort, upstreamHost);
    sockets.add(client).add(upstream);
    client.on("data", (d) => upstream.write(d));
    upstream.on("data", (d) => (held ? waiting.push(() => client.write(d)) : client.write(d)));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as AddressInfo).port,
    hold: () => void (held = true),
    release() {
      held = false;
      for (const w of waiting.splice(0)) w();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
