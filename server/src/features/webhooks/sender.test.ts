// The attempt itself (sender.ts over a bare undici dispatch): what a receiver's answer, refusal or silence becomes.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { USER_AGENT, WebhookSender } from "./sender.ts";

async function receiver(answer: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => answer(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook?x=1`,
    port,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe("webhook sender", () => {
  const sender = new WebhookSender(true);
  afterAll(() => sender.close());

  it("posts the body with the documented headers, path and query kept, and reports a 2xx as delivered", async () => {
    let seen: { method?: string; url?: string; headers?: Record<string, unknown>; body?: string } = {};
    const rx = await receiver((req, body, res) => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      res.writeHead(204).end();
    });
    try {
      const r = await sender.send(
        rx.url,
        { "x-service-event": "webhook.ping", "x-service-delivery": "d1", "x-service-signature": "t=1,v1=ab" },
        '{"a":"é"}',
      );
      expect(r).toEqual({ ok: true, status: 204, error: null });
      expect(seen).toMatchObject({ method: "POST", url: "/hook?x=1", body: '{"a":"é"}' });
      expect(seen.headers).toMatchObject({
        "user-agent": USER_AGENT,
        "content-type": "application/json",
        "x-service-event": "webhook.ping",
        "x-service-delivery": "d1",
        "x-service-signature": "t=1,v1=ab",
      });
    } finally {
      await rx.close();
    }
  });

  it("reports a non-2xx with its status, never follows a redirect, and reuses the connection after a large answer", async () => {
    const ports = new Set<number>();
    const rx = await receiver((req, _body, res) => {
      ports.add(req.socket.remotePort!);
      if (req.headers["x-service-delivery"] === "redirect") return void res.writeHead(302, { location: "/elsewhere" }).end();
      if (req.headers["x-service-delivery"] === "big") return void res.writeHead(200).end("x".repeat(32 * 1024));
      res.writeHead(500).end("no");
    });
    try {
      expect(await sender.send(rx.url, { "x-service-delivery": "redirect" }, "{}")).toEqual({ ok: false, status: 302, error: "HTTP 302" });
      expect(await sender.send(rx.url, { "x-service-delivery": "big" }, "{}")).toEqual({ ok: true, status: 200, error: null });
      for (let i = 0; i < 4; i++)
        expect(await sender.send(rx.url, { "x-service-delivery": "fail" }, "{}")).toEqual({ ok: false, status: 500, error: "HTTP 500" });
      // Keep-alive: the pool may open a second connection (the next request can be dispatched before the first
      // connection is free again, in the same turn), never one per request.
      expect(ports.size).toBeLessThanOrEqual(2);
    } finally {
      await rx.close();
    }
  });

  it("an answer past 64 KiB still counts by its status (the connection is dropped)", async () => {
    const rx = await receiver((_req, _body, res) => res.writeHead(200).end("x".repeat(256 * 1024)));
    try {
      expect(await sender.send(rx.url, {}, "{}")).toEqual({ ok: true, status: 200, error: null });
    } finally {
      await rx.close();
    }
  });

  it("a receiver that never answers is a timeout once the budget is spent, and the request is dropped", async () => {
    let closed = false;
    const rx = await receiver((req) => req.socket.once("close", () => (closed = true)));
    const quick = new WebhookSender(true, 200);
    try {
      const started = performance.now();
      expect(await quick.send(rx.url, {}, "{}")).toEqual({ ok: false, status: null, error: "timeout after 10 s" });
      expect(performance.now() - started).toBeGreaterThanOrEqual(199);
      await expect.poll(() => closed, { timeout: 2_000, interval: 10 }).toBe(true);
    } finally {
      await quick.close();
      await rx.close();
    }
  });

  it("a refused connection is an error with its code", async () => {
    const rx = await receiver(() => {});
    await rx.close();
    expect(await sender.send(rx.url, {}, "{}")).toEqual({ ok: false, status: null, error: "ECONNREFUSED" });
  });
});
