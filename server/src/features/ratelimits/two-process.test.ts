// The send limits counted across two real server processes sharing PostgreSQL and Redis: the per-channel
// boundary (5 pass, the 6th fails) and the 61st send in a minute across channels, alternating processes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../../../../test/helpers/process.ts";
import { claimTestRedis, createTestDatabase, type TestDatabase, type TestRedis } from "../../../../test/helpers/resources.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";

let db: TestDatabase, redis: TestRedis;
let a: ServerProcess, b: ServerProcess;

beforeAll(async () => {
  [db, redis] = await Promise.all([createTestDatabase(), claimTestRedis()]);
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    HOST: "127.0.0.1",
    JWT_SECRET: "two-process-jwt-secret-long-enough-0000",
    BOT_TOKEN_SECRET: "two-process-bot-secret-long-enough-000",
    LOG_LEVEL: "warn",
  };
  a = await startServerProcess(env); // runs the migrations first
  b = await startServerProcess(env);
}, 90_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([db?.drop(), redis?.release()]);
});

describe("send limits across two processes", () => {
  it("per channel: 5 sends pass, the 6th in the same second fails; per space: the 61st in a minute fails", async () => {
    const owner = await registerUser(a.url);
    const http = api(a.url);
    const space = (await http.post("/api/spaces", { name: "two" }, { token: owner.token })).body;
    const channelIds = [
      (await http.get(`/api/spaces/${space.id}/channels`, { token: owner.token })).body.find((c: { type: string }) => c.type === "text").id,
    ];
    for (let i = 1; i < 13; i++)
      channelIds.push(
        (await http.post(`/api/spaces/${space.id}/channels`, { name: `c${i}`, type: "text" }, { token: owner.token })).body.id,
      );
    const install = async () => {
      const bot = await createBot(a.url, owner.token);
      const res = await http.post(
        `/api/spaces/${space.id}/bots`,
        { bot_user_id: bot.id, scopes: ["messages.send"], allowed_channel_ids: channelIds },
        { token: owner.token },
      );
      expect(res.status).toBe(201);
      return bot;
    };
    const send = (srv: ServerProcess, bot: { token: string }, channelId: string, content: string) =>
      api(srv.url).post(`/api/bot/spaces/${space.id}/channels/${channelId}/messages`, { content }, { bot: bot.token });

    // All six must land in one second for the boundary to mean anything; a starved machine gets another try.
    let first!: { id: string; token: string };
    let statuses: number[] = [];
    let sixth!: Awaited<ReturnType<typeof send>>;
    for (let attempt = 0; attempt < 4; attempt++) {
      first = await install();
      const started = Date.now();
      statuses = (await Promise.all([0, 1, 2, 3, 4].map((i) => send(i % 2 ? b : a, first, channelIds[0], `c${i}`)))).map((r) => r.status);
      sixth = await send(b, first, channelIds[0], "c5");
      if (Date.now() - started < 1000) break;
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ detail: `msg:ch:${first.id}:${channelIds[0]} > 5/1s` });
    expect(sixth.headers.get("retry-after")).toBe("1");

    // 13 channels round-robin: no channel sees more than 5, so only the space limit can refuse.
    const bot = await install();
    for (let i = 0; i < 60; i++) {
      const res = await send(i % 2 ? b : a, bot, channelIds[i % 13], `s${i}`);
      expect(res.status, `send ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    const sixtyFirst = await send(a, bot, channelIds[60 % 13], "s60");
    expect(sixtyFirst.status).toBe(429);
    expect(sixtyFirst.body).toEqual({ detail: `msg:sp:${bot.id}:${space.id} > 60/60s` });
    expect(sixtyFirst.headers.get("retry-after")).toBe("60");
    expect((await send(b, bot, channelIds[9], "s61")).status).toBe(429);
  }, 60_000);
});
