// What one TCP connection can do to the process: upgrade requests to every path, resets before, during and after
// the answer, half-sent bodies, malformed request lines, oversized headers, all sent through a raw socket. The
// server runs as a child process, since an unhandled socket error ends the process (which in-process would end
// the test worker instead); after each case the same process (same start time in /metrics) must still answer.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../../../../test/helpers/process.ts";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../../../test/helpers/resources.ts";
import { metric } from "../../../../test/helpers/metrics.ts";

let db: TestDatabase, redis: TestRedis;
let server: ServerProcess;
let port: number;
let startedAt: number;

beforeAll(async () => {
  [db, redis] = await Promise.all([createTestDatabase(), claimTestRedis()]);
  server = await startServerProcess({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    HOST: "127.0.0.1",
    JWT_SECRET: "raw-sockets-jwt-secret-long-enough-0000",
    BOT_TOKEN_SECRET: "raw-sockets-bot-secret-long-enough-000",
    LOG_LEVEL: "warn",
  });
  port = Number(new URL(server.url).port);
  startedAt = await metric(server.url, "process_start_time_seconds");
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await Promise.all([db?.drop(), redis?.release()]);
});

/** When the client resets (RST) its connection: right after sending, on the first byte of the answer, a bit later, or a plain FIN. */
type Ending = "reset-at-once" | "reset-on-answer" | "reset-later" | "end";

/** Sends `parts` (a short pause between them) on a raw connection, ends it as `ending` says, and resolves once it is closed. */
function send(parts: (string | Buffer)[], ending: Ending): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.on("close", () => resolve());
    socket.once("data", () => {
      if (ending === "reset-on-answer") socket.resetAndDestroy();
    });
    socket.on("connect", () => {
      void (async () => {
        for (const part of parts) {
          socket.write(part);
          await new Promise((r) => setImmediate(r));
        }
        if (ending === "reset-at-once") socket.resetAndDestroy();
        else if (ending === "end") socket.end();
        else if (ending === "reset-later") setTimeout(() => socket.resetAndDestroy(), 100);
      })();
    });
    // Whatever the server did not close by now is cut here: the check below is whether the process survived.
    setTimeout(() => socket.resetAndDestroy(), 2000);
  });
}

const KEY = "dGhlIHNhbXBsZSBub25jZQ==";
const upgrade = (path: string, headers = `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${KEY}\r\n`) =>
  `GET ${path} HTTP/1.1\r\nHost: parley.test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n${headers}\r\n`;
const post = (path: string, headers: string) =>
  `POST ${path} HTTP/1.1\r\nHost: parley.test\r\nContent-Type: application/json\r\n${headers}\r\n`;

const cases: [string, (string | Buffer)[], Ending[]][] = [
  [
    "a WebSocket upgrade to a path nobody serves",
    [upgrade("/api/nothing-here")],
    ["reset-at-once", "reset-on-answer", "reset-later", "end"],
  ],
  ["an upgrade to a path nobody serves with bytes after its head", [upgrade("/api/nothing-here") + "\x81\x05hello"], ["reset-on-answer"]],
  ["an upgrade to a REST path", [upgrade("/api/auth/me")], ["reset-on-answer"]],
  ["an h2c upgrade", ["GET /healthz HTTP/1.1\r\nHost: parley.test\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n"], ["reset-on-answer"]],
  ["a WebSocket upgrade to /api/ws", [upgrade("/api/ws")], ["reset-at-once", "reset-on-answer", "reset-later"]],
  ["an upgrade to /api/ws without a key", [upgrade("/api/ws", "")], ["reset-at-once", "reset-on-answer"]],
  ["an upgrade to /api/ws, then half a frame", [upgrade("/api/ws"), Buffer.from([0x81, 0xfe, 0x10, 0x00, 1, 2, 3])], ["reset-later"]],
  ["half a JSON body", [post("/api/auth/login", "Content-Length: 1000\r\n"), '{"login":'], ["reset-at-once", "reset-later", "end"]],
  ["half a chunked body", [post("/api/auth/login", "Transfer-Encoding: chunked\r\n"), '5\r\n{"log'], ["reset-later"]],
  ["a malformed chunk", [post("/api/auth/login", "Transfer-Encoding: chunked\r\n"), "zz\r\n"], ["reset-on-answer"]],
  ["Expect: 100-continue and no body", [post("/api/auth/login", "Content-Length: 10\r\nExpect: 100-continue\r\n")], ["reset-on-answer"]],
  ["a malformed request line", ["GARBAGE\r\n\r\n"], ["reset-at-once", "reset-on-answer", "end"]],
  ["half a request line", ["GET /heal"], ["reset-at-once", "end"]],
  ["half a header block", ["GET /healthz HTTP/1.1\r\nHost: parley.test\r\nX-A: b"], ["reset-later"]],
  [
    "an oversized header",
    [`GET /healthz HTTP/1.1\r\nHost: parley.test\r\nX-A: ${"a".repeat(20_000)}\r\n\r\n`],
    ["reset-at-once", "reset-on-answer"],
  ],
  ["CONNECT", ["CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"], ["reset-at-once", "reset-on-answer"]],
  ["a large answer", ["GET /api/openapi.json HTTP/1.1\r\nHost: parley.test\r\n\r\n"], ["reset-at-once", "reset-on-answer"]],
  ["50 pipelined requests", ["GET /healthz HTTP/1.1\r\nHost: parley.test\r\n\r\n".repeat(50)], ["reset-on-answer"]],
];

describe("one raw connection cannot stop the process", () => {
  for (const [what, parts, endings] of cases) {
    for (const ending of endings) {
      it(`${what}, then ${ending}: the same process still answers`, async () => {
        await send(parts, ending);
        // Two requests in a row: an error event that ends the process runs in one of the loop turns they take
        // (and one that came later still would fail the next case, which finds no process or a new one).
        const res = await fetch(`${server.url}/healthz`);
        expect(res.status).toBe(200);
        expect(await metric(server.url, "process_start_time_seconds")).toBe(startedAt);
        expect(server.child.exitCode).toBeNull();
        expect(server.output()).not.toContain("Unhandled 'error' event");
      });
    }
  }

  it("an upgrade to a path nobody serves is answered 404 and the connection closed", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => socket.write(upgrade("/api/nothing-here")));
      let got = "";
      socket.on("data", (d: Buffer) => (got += d.toString()));
      socket.on("error", () => {});
      socket.on("close", () => resolve(got));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
  });

  it("none of it is logged as a server error (a client that leaves mid-body included)", () => {
    expect(server.output()).not.toContain('"level":"error"');
  });
});
