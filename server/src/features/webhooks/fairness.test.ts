// Delivery fairness between owners (README, "Abuse limits"): one owner's slow receivers with a backlog hold at most an
// eighth of the process's delivery workers, across first attempts, queued attempts and forced ones; another
// owner's first attempt and its retry (through the queue) go out within a few seconds meanwhile. Receivers here
// answer 200 after 3 s instead of 9 s, to keep the test short: what matters is that each holds its attempt.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { metric } from "../../../../test/helpers/metrics.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { OWNER_SHARE } from "./index.ts";
import type { BotEvent } from "./events.ts";

const SLOW_MS = 3_000;
const SLOW_BOTS = 10;
/** Events to every slow bot: a backlog of SLOW_BOTS × this deliveries, far more than the owner's share. */
const BACKLOG = 30;
/** "Within a few seconds": well under one slow answer past the share (the slow owner's backlog takes minutes). */
const PROMPT_MS = 2_500;

const message: BotEvent = {
  type: "message.created",
  spaceId: null,
  data: {
    message_id: "",
    channel_id: "",
    author_id: null,
    author_is_bot: true,
    content: "x",
    reply_to: null,
    created_at: new Date(0).toISOString(),
  },
};

let server: TestServer;
let http: ReturnType<typeof api>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // Retries 100× sooner than the spec's schedule: the second owner's retry follows its failure at once.
  server = await startTestServer({ env: { WEBHOOK_RETRY_SCALE: "0.01" } });
  http = api(server.url);
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await server?.stop();
});

async function receiver() {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function hookOn(owner: TestUser, url: string) {
  const bot = await createBot(server.url, owner.token);
  const res = await http.post(`/api/bots/${bot.id}/webhooks`, { url, events: ["webhook.ping", "message.created"] }, { token: owner.token });
  expect(res.status).toBe(201);
  return { botId: bot.id, hookId: res.body.id as string };
}

describe("delivery fairness between owners", () => {
  it(
    "one owner's slow receivers with a backlog hold an eighth of the workers; another owner's deliveries go out at once",
    { timeout: 60_000 },
    async () => {
      const slowOwner = await registerUser(server.url);
      const otherOwner = await registerUser(server.url);
      // The slow owner's receivers answer 200 after SLOW_MS; how many of its requests are open at once is counted.
      let open = 0;
      let mostOpen = 0;
      const slow = async () => {
        const r = await receiver();
        r.respond((_r, res: ServerResponse) => {
          mostOpen = Math.max(mostOpen, ++open);
          setTimeout(() => {
            open--;
            res.writeHead(200).end("ok");
          }, SLOW_MS);
        });
        return r;
      };
      const slowHooks = [];
      for (let i = 0; i < SLOW_BOTS; i++) slowHooks.push(await hookOn(slowOwner, (await slow()).url));
      const quick = await receiver();
      const flaky = await receiver();
      flaky.respond((r, res) => void res.writeHead(flaky.received.length === 1 ? 500 : 200).end());
      const other = await hookOn(otherOwner, quick.url);
      const otherFlaky = await hookOn(otherOwner, flaky.url);

      // The backlog: first attempts made in this process, and pings (the forced lane) on top.
      const dispatcher = server.webhooks.dispatcher;
      const slowBots = slowHooks.map((h) => h.botId);
      await Promise.all(Array.from({ length: BACKLOG }, () => dispatcher.publish(message, slowBots)));
      const pings = await Promise.all(
        slowHooks.map((h) => http.post(`/api/bots/${h.botId}/webhooks/${h.hookId}/ping`, undefined, { token: slowOwner.token })),
      );
      expect(pings.map((p) => p.status)).toEqual(Array(SLOW_BOTS).fill(202));
      await expect.poll(() => open, { timeout: 5_000 }).toBeGreaterThanOrEqual(OWNER_SHARE);

      // Another owner's event, while the backlog waits in this process.
      let started = Date.now();
      const [id] = await dispatcher.publish(message, [other.botId]);
      const [got] = await quick.waitFor(1, 20_000);
      expect(got!.headers["x-service-delivery"]).toBe(id);
      expect(got!.at - started).toBeLessThan(PROMPT_MS);

      // Once the slow owner's backlog has gone to the queue (it could not start here in time), another owner's
      // retry, queued behind it, goes out at once too.
      await expect
        .poll(() => metric(server.url, "webhook_queue_depth"), { timeout: 15_000, interval: 200 })
        .toBeGreaterThan(SLOW_BOTS * 10);
      started = Date.now();
      const [retried] = await dispatcher.publish(message, [otherFlaky.botId]);
      const [, second] = await flaky.waitFor(2, 20_000);
      expect(second!.headers["x-service-delivery"]).toBe(retried);
      expect(second!.at - started).toBeLessThan(PROMPT_MS);

      // The slow owner had its share and never more, whatever the lane.
      expect(mostOpen).toBe(OWNER_SHARE);
      // Deferred attempts count as none: nothing failed, nothing pending has an attempt on record.
      const rows: { status: string; attempts: number }[] = await server.platform
        .db("deliveries")
        .whereIn(
          "webhook_id",
          slowHooks.map((h) => h.hookId),
        )
        .select("status", "attempts");
      expect(rows).toHaveLength(SLOW_BOTS * (BACKLOG + 1));
      expect(rows.filter((r) => r.status === "failed" || r.status === "skipped")).toEqual([]);
      expect(rows.filter((r) => r.status === "pending" && r.attempts > 0)).toEqual([]);
      expect(rows.filter((r) => r.status === "delivered").length).toBeLessThanOrEqual(receivers.reduce((n, r) => n + r.received.length, 0));
    },
  );
});
