// The webhook engine against real receivers on 127.0.0.1: management API, signature (checked with the real
// `stripe` package), headers and body, retries, 410, suspension, skip, redeliver, rotation. (URLs refused without
// WEBHOOK_ALLOW_PRIVATE: address-guard.test.ts, which runs its server that way.)
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { newId } from "../../platform/ids.ts";
import { signatureHeader } from "./signature.ts";
import type { BotEvent } from "./events.ts";

const stripe = new Stripe("sk_test_unused");

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;
let receiver: Receiver;

beforeAll(async () => {
  // A tiny retry scale keeps the full schedule (1 s … 30 min) testable; one test below measures the real one.
  server = await startTestServer({ env: { WEBHOOK_RETRY_SCALE: "0.002" } });
  http = api(server.url);
  owner = await registerUser(server.url);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

/** A bot of `user`, created through the API as its owner would. */
const ownedBot = async (user: TestUser): Promise<string> => (await createBot(server.url, user.token)).id;

async function webhook(botId: string, url = receiver.url, events = ["webhook.ping", "command.invoked"]) {
  const res = await http.post(`/api/bots/${botId}/webhooks`, { url, events }, { token: owner.token });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

async function deliveries(botId: string, hookId: string) {
  return (await http.get(`/api/bots/${botId}/webhooks/${hookId}/deliveries`, { token: owner.token })).body as any[];
}

/** A `command.invoked` with the given `data`: these tests look at delivery, not at what the event says. */
const invokedEvent = (data: object) => ({ type: "command.invoked", spaceId: null, data }) as BotEvent;

/** The value of one series in the Prometheus text, 0 while it has no sample yet. */
function sample(text: string, series: string): number {
  const escaped = series.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return Number(text.match(new RegExp(`^${escaped} (\\S+)$`, "m"))?.[1] ?? 0);
}

describe("signature", () => {
  it("matches the documented test vector", () => {
    const body = '{"id":"0b7e7f7e-1111-4222-8333-944455556666","type":"ping","data":{}}';
    expect(signatureHeader(["whsec_test_secret"], 1700000000, body)).toBe(
      "t=1700000000,v1=f157daee91c69843ad75d506d507d46c093a8a12049f616184bdab2c61a195f1",
    );
  });
});

describe("management", () => {
  it("creates with a secret shown once, lists without it, and checks events and ownership", async () => {
    const botId = await ownedBot(owner);
    const created = await webhook(botId);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ url: receiver.url, events: ["webhook.ping", "command.invoked"], state: "active" });
    const list = await http.get(`/api/bots/${botId}/webhooks`, { token: owner.token });
    expect(list.body).toEqual([
      expect.objectContaining({ id: created.id, state: "active", suspended_until: null, consecutive_failures: 0, failure_count: 0 }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    const bad = await http.post(`/api/bots/${botId}/webhooks`, { url: receiver.url, events: ["nope.event"] }, { token: owner.token });
    expect(bad).toMatchObject({ status: 400, body: { detail: "unknown event type: nope.event" } });
    const stranger = await registerUser(server.url);
    expect((await http.get(`/api/bots/${botId}/webhooks`, { token: stranger.token })).status).toBe(404);
    expect((await http.get(`/api/bots/${botId}/webhooks`)).status).toBe(401);
    const patched = await http.patch(`/api/bots/${botId}/webhooks/${created.id}`, { events: ["message.created"] }, { token: owner.token });
    expect(patched.body.events).toEqual(["message.created"]);
    expect((await http.del(`/api/bots/${botId}/webhooks/${created.id}`, { token: owner.token })).status).toBe(204);
    expect((await http.get(`/api/bots/${botId}/webhooks`, { token: owner.token })).body).toEqual([]);
  });
});

describe("delivery", () => {
  it("POSTs the envelope with the exact headers, and stripe's verifier accepts the signature", async () => {
    const botId = await ownedBot(owner);
    const hook = await webhook(botId);
    const before = receiver.received.length;
    const ping = await http.post(`/api/bots/${botId}/webhooks/${hook.id}/ping`, undefined, { token: owner.token });
    expect(ping.status).toBe(202);
    const [got] = (await receiver.waitFor(before + 1)).slice(before);
    expect(got!.headers["user-agent"]).toBe("ServiceBotWebhook/1.0");
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["x-service-event"]).toBe("webhook.ping");
    expect(got!.headers["x-service-delivery"]).toBe(ping.body.delivery_id);
    const event = stripe.webhooks.constructEvent(got!.raw, got!.headers["x-service-signature"] as string, hook.secret) as any;
    expect(event).toMatchObject({ id: ping.body.delivery_id, type: "webhook.ping", space_id: null, bot_user_id: botId });
    expect(event.delivered_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(() => stripe.webhooks.constructEvent(got!.raw, got!.headers["x-service-signature"] as string, "whsec_wrong")).toThrow();
    await expect
      .poll(async () => (await deliveries(botId, hook.id))[0], { timeout: 10_000 })
      .toMatchObject({
        id: ping.body.delivery_id,
        type: "webhook.ping",
        status: "delivered",
        attempts: 1,
        last_status_code: 200,
        last_error: null,
      });
  });

  it("sends non-ASCII unescaped and the same body bytes on every attempt, with a fresh t", async () => {
    const botId = await ownedBot(owner);
    const hook = await webhook(botId, receiver.url, ["command.invoked"]);
    let calls = 0;
    receiver.respond((_r, res) => void res.writeHead(++calls === 1 ? 503 : 200).end());
    const before = receiver.received.length;
    await server.webhooks.dispatcher.publish(invokedEvent({ text: "héllo ✓ 日本" }), [botId]);
    const got = (await receiver.waitFor(before + 2)).slice(before);
    receiver.respond((_r, res) => void res.writeHead(200).end());
    expect(got[0]!.raw).toContain("héllo ✓ 日本");
    expect(got[1]!.raw).toBe(got[0]!.raw);
    expect(got[1]!.headers["x-service-delivery"]).toBe(got[0]!.headers["x-service-delivery"]);
    for (const g of got) stripe.webhooks.constructEvent(g.raw, g.headers["x-service-signature"] as string, hook.secret);
  });

  it("retries on the schedule, counts failures, suspends after five in a row, then skips even a forced attempt's retries, and redelivers", async () => {
    const botId = await ownedBot(owner);
    const hook = await webhook(botId);
    const failing = await startReceiver();
    failing.respond((_r, res) => void res.writeHead(500).end("no"));
    await http.patch(`/api/bots/${botId}/webhooks/${hook.id}`, { url: failing.url }, { token: owner.token });
    const ping = await http.post(`/api/bots/${botId}/webhooks/${hook.id}/ping`, undefined, { token: owner.token });
    await failing.waitFor(5, 20_000);
    // The ping itself was forced; its retries are ordinary attempts, so once the fifth failure suspended the
    // webhook the sixth is not sent: the delivery ends skipped.
    await expect
      .poll(async () => (await deliveries(botId, hook.id))[0], { timeout: 20_000 })
      .toMatchObject({
        id: ping.body.delivery_id,
        status: "skipped",
        attempts: 5,
        last_status_code: 500,
        last_error: "HTTP 500",
        next_attempt_at: null,
      });
    expect(failing.received).toHaveLength(5);
    expect(failing.received.every((r) => r.headers["x-service-delivery"] === ping.body.delivery_id)).toBe(true);
    const [state] = (await http.get(`/api/bots/${botId}/webhooks`, { token: owner.token })).body;
    expect(state).toMatchObject({ state: "suspended", failure_count: 5, consecutive_failures: 5 });
    expect(new Date(state.suspended_until).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);

    // While suspended, a new event is recorded as skipped: one more row in the log, nothing queued, nothing sent.
    const known = new Set((await deliveries(botId, hook.id)).map((d) => d.id));
    const sentBefore = failing.received.length;
    expect(await server.webhooks.dispatcher.publish(invokedEvent({}), [botId])).toEqual([]);
    const fresh = (await deliveries(botId, hook.id)).filter((d) => !known.has(d.id));
    expect(fresh).toEqual([expect.objectContaining({ type: "command.invoked", status: "skipped", attempts: 0, last_status_code: null })]);
    expect(failing.received).toHaveLength(sentBefore);

    // Redeliver is sent while suspended (the owner asked), keeping the id; a success resets the run.
    failing.respond((_r, res) => void res.writeHead(204).end());
    const count = failing.received.length;
    const again = await http.post(`/api/bots/${botId}/webhooks/${hook.id}/deliveries/${ping.body.delivery_id}/redeliver`, undefined, {
      token: owner.token,
    });
    expect(again).toMatchObject({ status: 202, body: { delivery_id: ping.body.delivery_id } });
    const [redelivered] = (await failing.waitFor(count + 1)).slice(count);
    expect(redelivered!.headers["x-service-delivery"]).toBe(ping.body.delivery_id);
    expect(redelivered!.raw).toBe(failing.received[0]!.raw);
    await expect
      .poll(async () => (await deliveries(botId, hook.id)).find((x) => x.id === ping.body.delivery_id), { timeout: 10_000 })
      .toMatchObject({ status: "delivered", attempts: 6, last_status_code: 204 });
    const [after] = (await http.get(`/api/bots/${botId}/webhooks`, { token: owner.token })).body;
    expect(after.consecutive_failures).toBe(0);
    expect(
      (await http.post(`/api/bots/${botId}/webhooks/${hook.id}/deliveries/${newId()}/redeliver`, undefined, { token: owner.token })).status,
    ).toBe(404);
    await failing.close();
  });

  it("treats 410 as an ordinary failure and logs bot_webhook_gone", async () => {
    const botId = await ownedBot(owner);
    const gone = await startReceiver();
    gone.respond((_r, res) => void res.writeHead(410).end());
    const hook = await webhook(botId, gone.url);
    await http.post(`/api/bots/${botId}/webhooks/${hook.id}/ping`, undefined, { token: owner.token });
    await gone.waitFor(2);
    expect(server.logs()).toContain("bot_webhook_gone");
    const [d] = await deliveries(botId, hook.id);
    expect(d.last_status_code).toBe(410);
    await gone.close();
  });

  it("signs with the new and the old secret after a rotation", async () => {
    const botId = await ownedBot(owner);
    const hook = await webhook(botId);
    const rotated = await http.post(`/api/bots/${botId}/webhooks/${hook.id}/rotate-secret`, undefined, { token: owner.token });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const before = receiver.received.length;
    await http.post(`/api/bots/${botId}/webhooks/${hook.id}/ping`, undefined, { token: owner.token });
    const [got] = (await receiver.waitFor(before + 1)).slice(before);
    const header = got!.headers["x-service-signature"] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    stripe.webhooks.constructEvent(got!.raw, header, rotated.body.secret);
    stripe.webhooks.constructEvent(got!.raw, header, hook.secret);
  });

  it("counts every attempt's outcome in the delivery metrics, whatever ran before", async () => {
    const series = (result: string) => `webhook_deliveries_total{event="webhook.ping",result="${result}"}`;
    const read = async () => {
      const text = (await http.get("/metrics")).body as string;
      expect(text).toMatch(/^webhook_queue_depth \d+$/m);
      const [delivered, retry, skipped] = ["delivered", "retry", "skipped"].map((r) => sample(text, series(r)));
      return {
        delivered: delivered!,
        retry: retry!,
        skipped: skipped!,
        timed: sample(text, 'webhook_delivery_duration_seconds_count{event="webhook.ping"}'),
      };
    };
    const botId = await ownedBot(owner);
    const failing = await startReceiver();
    failing.respond((_r, res) => void res.writeHead(500).end());
    const hook = await webhook(botId, failing.url);
    const before = await read();
    // Five failures (each one a retry), the fifth suspends the webhook, so the sixth attempt is skipped; then a
    // redelivery that succeeds. Other tests' deliveries may still add to the counts, never take from them.
    const ping = await http.post(`/api/bots/${botId}/webhooks/${hook.id}/ping`, undefined, { token: owner.token });
    await expect.poll(async () => (await deliveries(botId, hook.id))[0]?.status, { timeout: 20_000 }).toBe("skipped");
    failing.respond((_r, res) => void res.writeHead(200).end());
    await http.post(`/api/bots/${botId}/webhooks/${hook.id}/deliveries/${ping.body.delivery_id}/redeliver`, undefined, {
      token: owner.token,
    });
    await vi.waitFor(
      async () => {
        const after = await read();
        expect(after.retry - before.retry).toBeGreaterThanOrEqual(5);
        expect(after.skipped - before.skipped).toBeGreaterThanOrEqual(1);
        expect(after.delivered - before.delivered).toBeGreaterThanOrEqual(1);
        expect(after.timed - before.timed).toBeGreaterThanOrEqual(6);
      },
      { timeout: 10_000, interval: 100 },
    );
    await failing.close();
  });

  it("never logs webhook secrets", async () => {
    expect(server.logs()).not.toMatch(/whsec_[A-Za-z0-9_-]{20}/);
  });
});
