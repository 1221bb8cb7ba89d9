// Ping and redeliver are limited per webhook (docs/webhooks.md), and forced attempts run in a small
// lane of their own, so an owner poking hanging receivers cannot hold the workers other bots' deliveries need.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { MAIN_CONCURRENCY, OWNER_SHARE } from "./index.ts";
import type { BotEvent } from "./events.ts";

/** Any well-formed `command.invoked` data: these tests look at lanes and timing, not at what the event says. */
const invoked: Extract<BotEvent, { type: "command.invoked" }>["data"] = {
  target_bot_user_id: "",
  interaction_id: "",
  interaction_token: "",
  channel_id: "",
  actor_user_id: "",
  command: "lane",
  options: {},
  command_version: 1,
  created_at: new Date(0).toISOString(),
};

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;
const receivers: Receiver[] = [];

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
  owner = await registerUser(server.url);
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

async function hookOn(url: string, events = ["webhook.ping", "command.invoked"], by = owner) {
  const bot = await createBot(server.url, by.token);
  const res = await http.post(`/api/bots/${bot.id}/webhooks`, { url, events }, { token: by.token });
  expect(res.status).toBe(201);
  return { botId: bot.id, hookId: res.body.id as string };
}

describe("ping and redeliver limit", () => {
  it("allows 10 per minute per webhook, ping and redeliver together, then 429 with Retry-After", async () => {
    const rx = await receiver();
    const { botId, hookId } = await hookOn(rx.url);
    const ping = () => http.post(`/api/bots/${botId}/webhooks/${hookId}/ping`, undefined, { token: owner.token });
    const first = await ping();
    expect(first.status).toBe(202);
    const redeliver = () =>
      http.post(`/api/bots/${botId}/webhooks/${hookId}/deliveries/${first.body.delivery_id}/redeliver`, undefined, { token: owner.token });
    // Nine more, in parallel: the limit is counted before the work, so a burst gets no more than a sequence.
    const burst = await Promise.all([...Array.from({ length: 5 }, ping), ...Array.from({ length: 6 }, redeliver)]);
    expect(burst.map((r) => r.status).sort()).toEqual([...Array(9).fill(202), 429, 429]);
    const refused = burst.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ detail: `webhook:${hookId} > 10/60s` });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another webhook of the same owner has its own budget.
    const other = await hookOn(rx.url);
    expect((await http.post(`/api/bots/${other.botId}/webhooks/${other.hookId}/ping`, undefined, { token: owner.token })).status).toBe(202);
  });
});

describe("forced lane", () => {
  it("hanging receivers pinged again and again do not delay another bot's deliveries", { timeout: 60_000 }, async () => {
    const hanging = await receiver();
    hanging.respond(() => {}); // never answers: each attempt holds its worker for the full 10 s
    // More forced attempts than the main lane has workers, spread over webhooks to stay within each one's limit.
    const pings: Promise<unknown>[] = [];
    for (let h = 0; h * 10 < MAIN_CONCURRENCY + 10; h++) {
      const { botId, hookId } = await hookOn(hanging.url);
      for (let i = 0; i < 10; i++) pings.push(http.post(`/api/bots/${botId}/webhooks/${hookId}/ping`, undefined, { token: owner.token }));
    }
    expect((await Promise.all(pings)).every((r: any) => r.status === 202)).toBe(true);
    await hanging.waitFor(1);

    // Meanwhile another bot's ordinary events arrive at once.
    const healthy = await receiver();
    const { botId } = await hookOn(healthy.url, ["command.invoked"]);
    const started = Date.now();
    const ids = await server.webhooks.dispatcher.publish({ type: "command.invoked", spaceId: null, data: invoked }, [botId]);
    await server.webhooks.dispatcher.publish({ type: "command.invoked", spaceId: null, data: invoked }, [botId]);
    const got = await healthy.waitFor(2, 9_000);
    expect(got[0]!.headers["x-service-delivery"]).toBe(ids[0]);
    // Under one hanging attempt's 10 s (with room for a loaded machine): no main-lane worker was held.
    expect(Date.now() - started).toBeLessThan(9_000);
    // And the forced lane stays small: only a few hanging attempts run at once.
    expect(hanging.received.length).toBeLessThanOrEqual(8);
  });
});

describe("first attempts made in this process", () => {
  it("a receiver that hangs holds its owner's share at most: another owner's event is attempted at once", { timeout: 60_000 }, async () => {
    const hanging = await receiver();
    hanging.respond(() => {}); // never answers: each attempt holds its slot for the full 10 s
    const slow = await hookOn(hanging.url, ["message.created"]);
    const event = {
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
    } as const;
    // More events for the hanging bot than the process makes attempts at once (32).
    await Promise.all(Array.from({ length: 40 }, () => server.webhooks.dispatcher.publish(event, [slow.botId])));
    await hanging.waitFor(1);

    const healthy = await receiver();
    const { botId } = await hookOn(healthy.url, ["message.created"], await registerUser(server.url));
    const started = Date.now();
    const [id] = await server.webhooks.dispatcher.publish(event, [botId]);
    const [got] = await healthy.waitFor(1, 9_000);
    expect(got!.headers["x-service-delivery"]).toBe(id);
    // Well under the hanging attempts' 10 s (with room for a loaded machine): a slot was free for it.
    expect(Date.now() - started).toBeLessThan(5_000);
    // The hanging receiver got at most its owner's share at once; the rest of its events wait behind them.
    expect(hanging.received.length).toBeLessThanOrEqual(OWNER_SHARE);
  });
});
