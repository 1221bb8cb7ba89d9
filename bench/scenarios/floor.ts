// The floor: a bare node:http server answering a fixed JSON body. Every other figure is read against it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Scenario } from "../context.ts";

const BODY = JSON.stringify({ status: "ok" });

export const scenario: Scenario = {
  name: "floor",
  description: "bare node:http, fixed JSON body",
  async run(ctx) {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(BODY) });
      res.end(BODY);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    ctx.defer(() => new Promise((r) => server.close(() => r())));
    const { port } = server.address() as AddressInfo;
    return [await ctx.load("floor: node:http fixed JSON", { url: `http://127.0.0.1:${port}/` })];
  },
};
