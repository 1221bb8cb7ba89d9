// Fail closed (docs/limits.md#fail-closed): when the limiter's Redis is unreachable, bot-API requests are refused with 429
// `rate limiter temporarily unavailable — retry shortly`, with `Retry-After: 5` only on message-send and invoke.
// Unreachable includes a Redis that keeps the connection open but does not answer (a stopped process); then a
// request that needs no limit but publishes after its commit (deleting a chat message) is still answered, a chat
// message (limited per user and channel) is refused like the bot API's, and one that reads presence fails within seconds.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { world } from "../../../../test/helpers/interactions.ts";
import { freePort } from "../../../../test/helpers/ports.ts";
import { answerWithin } from "../../platform/deadline.ts";

const TEXT = "rate limiter temporarily unavailable — retry shortly";

let port: number;
let redisProc: ChildProcess | undefined;
let server: TestServer;

/** Our own redis-server, so stopping it disturbs nobody else's tests. */
async function startRedis(): Promise<void> {
  redisProc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on("error", () => {});
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      probe.disconnect();
    }
  }
  throw new Error("redis-server did not start");
}

async function stopRedis(): Promise<void> {
  const p = redisProc;
  redisProc = undefined;
  if (!p || p.exitCode !== null) return;
  const exited = new Promise((r) => p.once("exit", r));
  p.kill("SIGKILL");
  await exited;
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  server = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
});
afterAll(async () => {
  // Bring Redis back so the server's queues and pub/sub can close cleanly.
  if (!redisProc) await startRedis().catch(() => {});
  await server?.stop();
  await stopRedis();
});

/** The answer of `call`, or a failure once `ms` have passed without one (a request held while Redis sleeps). */
const answeredWithin = <T>(ms: number, call: () => Promise<T>): Promise<T> => answerWithin(call(), ms, `no answer within ${ms} ms`);

describe("limiter store down", () => {
  it("refuses bot calls with the fail-closed 429; Retry-After 5 only on message-send; recovers when Redis is back", async () => {
    const http = api(server.url);
    const owner = await registerUser(server.url);
    const space = (await http.post("/api/spaces", { name: "closed" }, { token: owner.token })).body;
    const channels = (await http.get(`/api/spaces/${space.id}/channels`, { token: owner.token })).body as { id: string; type: string }[];
    const text = channels.find((c) => c.type === "text")!.id;
    const voice = channels.find((c) => c.type === "voice")!.id;
    const bot = await createBot(server.url, owner.token);
    await http.post(
      `/api/spaces/${space.id}/bots`,
      { bot_user_id: bot.id, scopes: ["messages.send", "messages.react"], allowed_channel_ids: [text, voice] },
      { token: owner.token },
    );
    const msgs = `/api/bot/spaces/${space.id}/channels/${text}/messages`;
    const sent = await http.post(msgs, { content: "before" }, { bot: bot.token });
    expect(sent.status).toBe(201);

    await stopRedis();
    const checks: [string, () => ReturnType<typeof http.get>, string | null][] = [
      ["send", () => http.post(msgs, { content: "during" }, { bot: bot.token }), "5"],
      ["list", () => http.get(msgs, { bot: bot.token }), null],
      [
        "react",
        () => http.post(`/api/bot/spaces/${space.id}/messages/${sent.body.id}/reactions`, { emoji: "x" }, { bot: bot.token }),
        null,
      ],
      ["commands", () => http.get("/api/bot/commands", { bot: bot.token }), null],
      ["voice", () => http.post(`/api/bot/spaces/${space.id}/voice/${voice}/join`, undefined, { bot: bot.token }), null],
      // Counted by the respond handler itself, before it looks at the token.
      ["respond", () => http.post("/api/bot/interactions/respond", { interaction_token: "x.y", content: "z" }, { bot: bot.token }), null],
    ];
    for (const [name, call, retryAfter] of checks) {
      const res = await call();
      expect(res.status, name).toBe(429);
      expect(res.body, name).toEqual({ detail: TEXT });
      expect(res.headers.get("retry-after"), name).toBe(retryAfter);
    }
    expect((await http.get("/metrics")).body).toMatch(/rate_limit_rejections_total\{limit="unavailable"\} [1-9]/);

    await startRedis();
    let after = 0;
    for (let i = 0; i < 100 && after !== 201; i++) {
      after = (await http.post(msgs, { content: "after" }, { bot: bot.token })).status;
      if (after !== 201) await new Promise((r) => setTimeout(r, 100));
    }
    expect(after).toBe(201);
  }, 60_000);
});

describe("Redis hung (the process stopped, its connections open)", () => {
  it("a Redis that holds the connection but does not answer: limits fail closed within seconds and nothing is written, a chat message too", async () => {
    const w = await world(server, { scopes: ["commands", "messages.send"] });
    const user = await w.member();
    const msgs = `/api/bot/spaces/${w.space.id}/channels/${w.space.generalId}/messages`;
    expect((await w.http.post(msgs, { content: "before" }, { bot: w.bot.token })).status).toBe(201);
    expect((await w.invoke(user, { command: "ping" })).status).toBe(202);
    const chatPath = `/api/chat/${w.space.id}/${w.space.generalId}/messages`;
    const own = await w.http.post(chatPath, { ciphertext: Buffer.from("sealed").toString("base64"), epoch: 1 }, { token: user.token });
    expect(own.status).toBe(201);

    redisProc!.kill("SIGSTOP"); // the process sleeps; its socket stays open and takes what is sent
    try {
      const started = Date.now();
      const send = await answeredWithin(8000, () => w.http.post(msgs, { content: "during" }, { bot: w.bot.token }));
      const invoke = await answeredWithin(8000, () => w.invoke(user, { command: "ping" }));
      for (const [name, res] of [
        ["send", send],
        ["invoke", invoke],
      ] as const) {
        expect(res.status, name).toBe(429);
        expect(res.body, name).toEqual({ detail: TEXT });
        expect(res.headers.get("retry-after"), name).toBe("5");
      }
      // A member's chat message is limited per (user, channel) too: refused the same way, within seconds.
      const chat = await answeredWithin(8000, () =>
        w.http.post(chatPath, { ciphertext: Buffer.from("sealed").toString("base64"), epoch: 1 }, { token: user.token }),
      );
      // On failure, the server's error lines say which call failed (the body says only "internal error").
      const errors = () =>
        server
          .logs()
          .split("\n")
          .filter((l) => l.includes('"level":"error"'));
      expect(chat.status, JSON.stringify(chat.body)).toBe(429);
      expect(chat.body).toEqual({ detail: TEXT });
      expect(chat.headers.get("retry-after")).toBe("5");
      // Deleting one's message needs no limit: it is answered; its frame goes out when Redis wakes.
      const removed = await answeredWithin(8000, () => w.http.del(`${chatPath}/${own.body.id}`, { token: user.token }));
      expect(removed.status, `${JSON.stringify(removed.body)}\n${errors().join("\n")}`).toBe(204);
      // Presence is kept on Redis too: a request that reads it fails as against a Redis that is gone, within
      // seconds, instead of waiting for Redis to wake.
      const presence = await answeredWithin(8000, () => w.http.get("/api/users/me/presence", { token: user.token }));
      expect(presence).toMatchObject({ status: 500, body: { detail: "internal error" } });
      expect(Date.now() - started).toBeLessThan(12_000);
    } finally {
      redisProc!.kill("SIGCONT");
    }
    // The refused send wrote nothing (the list is counted again once Redis answers).
    let list = await w.http.get(msgs, { bot: w.bot.token });
    for (let i = 0; i < 50 && list.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      list = await w.http.get(msgs, { bot: w.bot.token });
    }
    expect(list.status).toBe(200);
    const contents = (list.body as { content: string }[]).map((m) => m.content);
    expect(contents).toContain("before");
    expect(contents).not.toContain("during");
  }, 60_000);
});
