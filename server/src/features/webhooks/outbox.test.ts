// The outbox under trouble: a pending delivery holds no option value or live token in clear,
// in the database or in the queue; and a Redis killed mid-stream and started again empty loses no delivery of
// a message that was accepted (201), with no restart of the service: the producer waits for its connection and
// the sweeper queues again what Redis lost.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { insertMember, insertSpace } from "../../../../test/helpers/fixtures.ts";
import { freePort } from "../../../../test/helpers/ports.ts";
import { installBot } from "../../../../test/helpers/interactions.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const { Redis } = await import("ioredis");
  const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
  probe.on("error", () => {}); // refused while the server starts
  await expect.poll(() => probe.ping().catch(() => "down"), { timeout: 10_000, interval: 50 }).toBe("PONG");
  probe.disconnect();
  return child;
}

const killed = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode ? r() : c.once("exit", () => r())));

async function receiverFor(): Promise<Receiver> {
  const r = await startReceiver();
  cleanups.push(() => r.close());
  return r;
}

async function setup(server: TestServer, events: string[], url: string) {
  const http = api(server.url);
  const owner = await registerUser(server.url);
  const space = await insertSpace(server.platform.db, owner.id);
  const listener = await installBot(server, owner, space.id, { channels: [space.generalId], scopes: ["commands"] });
  const hook = await http.post(`/api/bots/${listener.id}/webhooks`, { url, events }, { token: owner.token });
  expect(hook.status).toBe(201);
  return { http, owner, space, listener };
}

describe("pending bodies", () => {
  it(
    "a pending command.invoked delivery holds no option value or interaction token in clear, in the table or the queue",
    { timeout: 60_000 },
    async () => {
      const server = await startTestServer();
      cleanups.push(() => server.stop());
      const hanging = await receiverFor();
      hanging.respond(() => {}); // the attempt stays in flight: the row stays pending
      const { http, space, listener } = await setup(server, ["command.invoked"], hanging.url);
      const user = await registerUser(server.url);
      await insertMember(server.platform.db, space.id, user.id);
      const mark = `MARK${randomBytes(8).toString("hex")}`;
      const res = await http.post(
        `/api/chat/${space.id}/${space.generalId}/commands/invoke`,
        { bot_user_id: listener.id, command: "roll", options: { sides: 6, label: mark } },
        { token: user.token },
      );
      expect(res.status).toBe(202);
      const [got] = await hanging.waitFor(1);
      const token = JSON.parse(got!.raw).data.interaction_token as string;
      expect(got!.raw).toContain(mark); // the bot gets it all

      const rows = await server.platform.db("deliveries").where({ status: "pending", type: "command.invoked" });
      expect(rows).toHaveLength(1);
      const table = JSON.stringify(rows);
      for (const secret of [mark, token, token.split(".")[1]!, res.body.interaction_id])
        expect(table.includes(secret), secret.slice(0, 12)).toBe(false);

      // Nor does the queue (the retry job is there once the 10 s attempt has timed out; check what Redis holds now and then).
      const redis = server.platform.redis!;
      const dump = async () => {
        let text = "";
        for (const key of await redis.keys("*")) {
          const type = await redis.type(key);
          if (type === "hash") text += JSON.stringify(await redis.hgetall(key));
          else if (type === "string") text += await redis.get(key);
        }
        return text;
      };
      expect((await dump()).includes(mark)).toBe(false);
      await expect
        .poll(async () => (await server.platform.db("deliveries").where({ id: rows[0].id }).first()).attempts, { timeout: 20_000 })
        .toBe(1);
      // The attempt is recorded before its retry job is added, so the job is polled for, not read once.
      await expect.poll(dump, { timeout: 10_000 }).toContain(rows[0].id); // the retry job is really there
      const later = await dump();
      expect(later.includes(mark)).toBe(false);
      expect(later.includes(token)).toBe(false);
    },
  );
});

describe("Redis killed mid-stream and started again empty", () => {
  it("every accepted message is delivered, without restarting the service", { timeout: 120_000 }, async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    cleanups.push(async () => redis.kill("SIGKILL"));
    const server = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${port}/0`, RATE_LIMIT_MULTIPLIER: "1000" } });
    cleanups.push(() => server.stop());
    const rx = await receiverFor();
    const { http, owner, space } = await setup(server, ["message.created"], rx.url);
    const sender = await installBot(server, owner, space.id, { channels: [space.generalId], scopes: ["messages.send"] });

    const accepted: string[] = [];
    const statuses: number[] = [];
    let stop = false;
    const stream = (async () => {
      for (let i = 0; !stop; i++) {
        const r = await http.post(
          `/api/bot/spaces/${space.id}/channels/${space.generalId}/messages`,
          { content: `m${i}` },
          { bot: sender.token },
        );
        statuses.push(r.status);
        if (r.status === 201) accepted.push(r.body.id);
        await new Promise((res) => setTimeout(res, 20));
      }
    })();
    await expect.poll(() => accepted.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(20);
    redis.kill("SIGKILL");
    await killed(redis);
    const before = accepted.length;
    await new Promise((r) => setTimeout(r, 1000)); // messages keep coming while Redis is away
    redis = await startRedis(port); // empty: no jobs, no keys
    await expect.poll(() => accepted.length - before, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    stop = true;
    await stream;

    const deliveredIds = () => new Set(rx.received.map((r) => JSON.parse(r.raw).data.message_id as string));
    await expect.poll(() => accepted.filter((id) => !deliveredIds().has(id)), { timeout: 45_000, interval: 250 }).toEqual([]);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
  });
});
