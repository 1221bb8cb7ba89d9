// Client conduct (docs/bots.md#client-conduct) against an msw-mocked server: only 429 is retried, at most 3 attempts, waiting
// Retry-After (seconds or HTTP-date) or 1.0 s; 5xx fail at once; network errors arrive unwrapped; aborts end waits.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { ApiError, RateLimitError, createBot } from "../src/index.ts";

const BASE = "http://parley.test";
const TOKEN = `bot_${"a".repeat(48)}`;
const mock = setupServer();
beforeAll(() => mock.listen({ onUnhandledRequest: "error" }));
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

const bot = () => createBot({ baseUrl: BASE, token: TOKEN });
const SPACE = "0196a000-0000-7000-8000-000000000001";
const CHANNEL = "0196a000-0000-7000-8000-000000000002";
const message = {
  id: "0196a000-0000-7000-8000-000000000003",
  space_id: SPACE,
  channel_id: CHANNEL,
  author_id: "0196a000-0000-7000-8000-000000000004",
  author_is_bot: true,
  kind: "bot",
  ciphertext: null,
  content: "hi",
  reply_to: null,
  reactions: [],
  created_at: "2026-01-01T00:00:00.000Z",
};

/** Answers with `answers` in turn (the last one repeats) and records when each request arrived. */
function sequence(method: "get" | "post", path: string, answers: (() => Response)[]) {
  const arrivals: { at: number; body: string; auth: string | null }[] = [];
  mock.use(
    http[method](BASE + path, async ({ request }) => {
      arrivals.push({ at: performance.now(), body: await request.text(), auth: request.headers.get("authorization") });
      return (answers[Math.min(arrivals.length - 1, answers.length - 1)] as () => Response)();
    }),
  );
  return arrivals;
}

const tooMany =
  (headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json({ detail: "msg:ch:x:y > 5/1s" }, { status: 429, headers });
const gaps = (a: { at: number }[]) => a.slice(1).map((x, i) => x.at - (a[i] as { at: number }).at);
const sendPath = `/api/bot/spaces/${SPACE}/channels/${CHANNEL}/messages`;

describe("429 retries", () => {
  it("waits Retry-After seconds, then succeeds, resending the same body with the Bot token", async () => {
    const arrivals = sequence("post", sendPath, [tooMany({ "Retry-After": "1" }), () => HttpResponse.json(message, { status: 201 })]);
    const sent = await bot().messages.send(SPACE, CHANNEL, "hi");
    expect(sent.id).toBe(message.id);
    expect(arrivals).toHaveLength(2);
    expect(gaps(arrivals)[0]).toBeGreaterThanOrEqual(950);
    expect(gaps(arrivals)[0]).toBeLessThan(1900); // late only by what a loaded machine adds, well short of 2 s
    expect(arrivals.map((a) => a.body)).toEqual([JSON.stringify({ content: "hi" }), JSON.stringify({ content: "hi" })]);
    expect(arrivals[0]?.auth).toBe(`Bot ${TOKEN}`);
  });

  it("waits 1.0 s when Retry-After is absent, makes 3 attempts in total, then throws RateLimitError", async () => {
    const arrivals = sequence("get", "/api/bot/commands", [
      () => HttpResponse.json({ detail: "bot:b > 1000/60s" }, { status: 429, headers: { "X-Request-Id": "req-42" } }),
    ]);
    const err = await bot()
      .commands.list()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, detail: "bot:b > 1000/60s", requestId: "req-42", attempts: 3, retryAfterSeconds: undefined });
    expect(arrivals).toHaveLength(3);
    for (const g of gaps(arrivals)) {
      expect(g).toBeGreaterThanOrEqual(950);
      expect(g).toBeLessThan(1900); // late only by what a loaded machine adds, well short of 2 s
    }
  });

  it("accepts Retry-After as an HTTP-date", async () => {
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    const arrivals = sequence("get", "/api/bot/commands", [tooMany({ "Retry-After": at.toUTCString() }), () => HttpResponse.json([])]);
    expect(await bot().commands.list()).toEqual([]);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(950);
    expect(arrivals[1]!.at - arrivals[0]!.at).toBeLessThan(3100);
  });

  it("an abort during the wait rejects at once with the signal's reason and sends nothing more", async () => {
    const arrivals = sequence("get", "/api/bot/commands", [tooMany({ "Retry-After": "30" })]);
    const ctl = new AbortController();
    const started = performance.now();
    setTimeout(() => ctl.abort(), 100);
    const err = await bot()
      .commands.list({ signal: ctl.signal })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe("AbortError");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(arrivals).toHaveLength(1);
  });
});

describe("no retries", () => {
  it.each([500, 502, 503])("%i is not retried and becomes an ApiError with status and detail", async (status) => {
    const arrivals = sequence("get", "/api/bot/commands", [
      () => HttpResponse.json({ detail: "internal error" }, { status, headers: { "X-Request-Id": "r1" } }),
    ]);
    const err = await bot()
      .commands.list()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status, detail: "internal error", requestId: "r1" });
    expect(arrivals).toHaveLength(1);
  });

  it("4xx answers carry detail and the 422 errors list", async () => {
    const errors = [{ location: "body", path: "/content", message: "must NOT have more than 10000 characters", code: "maxLength" }];
    sequence("post", sendPath, [() => HttpResponse.json({ detail: "content too long", errors }, { status: 422 })]);
    const err = await bot()
      .messages.send(SPACE, CHANNEL, "x")
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, detail: "content too long", errors });
    sequence("post", sendPath, [() => HttpResponse.json({ detail: "missing scope: messages.send" }, { status: 403 })]);
    await expect(bot().messages.send(SPACE, CHANNEL, "x")).rejects.toMatchObject({ status: 403, detail: "missing scope: messages.send" });
  });

  it("a non-JSON error body still gives an ApiError with the status", async () => {
    sequence("get", "/api/bot/commands", [() => new HttpResponse("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" })]);
    await expect(bot().commands.list()).rejects.toMatchObject({ name: "ApiError", status: 502, detail: "Bad Gateway" });
    sequence("get", "/api/bot/commands", [() => new HttpResponse("upstream timed out", { status: 504, statusText: "Gateway Timeout" })]);
    await expect(bot().commands.list()).rejects.toMatchObject({ status: 504, detail: "upstream timed out", body: "upstream timed out" });
  });

  it("bot.api answers a failure as openapi-fetch's error, after the same 429 retries, and never throws", async () => {
    sequence("get", "/api/bot/commands", [() => HttpResponse.json({ detail: "missing scope: commands" }, { status: 403 })]);
    const denied = await bot().api.GET("/api/bot/commands");
    expect(denied.data).toBeUndefined();
    expect(denied.error).toEqual({ detail: "missing scope: commands" });
    expect(denied.response.status).toBe(403);
    const arrivals = sequence("get", "/api/bot/commands", [tooMany({ "Retry-After": "0" })]);
    const limited = await bot().api.GET("/api/bot/commands");
    expect(arrivals).toHaveLength(3);
    expect(limited.error).toEqual({ detail: "msg:ch:x:y > 5/1s" });
    expect(limited.response.status).toBe(429);
  });

  it("a network error passes through unwrapped and is not retried", async () => {
    let calls = 0;
    mock.use(http.get(`${BASE}/api/bot/commands`, () => (calls++, HttpResponse.error())));
    const err = await bot()
      .commands.list()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(err).not.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it("a connection refused by a real socket is the fetch TypeError itself", async () => {
    mock.close();
    try {
      // A port that was just free: nothing listens there.
      const probe = createServer();
      await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
      const { port } = probe.address() as AddressInfo;
      await new Promise((r) => probe.close(r));
      const real = createBot({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN });
      const err = await real.commands.list().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TypeError);
      expect((err as TypeError & { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
    } finally {
      mock.listen({ onUnhandledRequest: "error" });
    }
  });

  it("a time-out (AbortSignal.timeout) surfaces as the TimeoutError, not wrapped", async () => {
    mock.use(http.get(`${BASE}/api/bot/commands`, async () => (await new Promise((r) => setTimeout(r, 2000)), HttpResponse.json([]))));
    const err = await bot()
      .commands.list({ signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe("TimeoutError");
  });
});
