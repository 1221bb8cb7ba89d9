// A load balancer for the multi-process tests, in the way nginx's upstream balances by default: each HTTP request
// goes to the next process in turn (whatever connection it came on), and a WebSocket upgrade is piped, bytes both
// ways, to the next one. A process that refuses the connection answers 502, as a balancer would.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

export async function startBalancer(backends: string[]): Promise<Balancer> {
  const targets = backends.map((b) => new URL(b));
  let turn = 0;
  const next = () => targets[turn++ % targets.length]!;
  const agent = new http.Agent({ keepAlive: true });
  const sockets = new Set<net.Socket>();

  const server = http.createServer((req, res) => {
    const to = next();
    const upstream = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  server.on("upgrade", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const to = next();
    const upstream = net.connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join("\r\n") + "\r\n\r\n");
      if (head.length) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => (client.destroy(), upstream.destroy()));
      s.on("close", () => (sockets.delete(s), client.destroy(), upstream.destroy()));
    }
  });
  server.on("connection", (s: net.Socket) => (sockets.add(s), s.on("close", () => sockets.delete(s))));

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
