// The ready receivers on real sockets: node:http and Express (express.raw), verifying, de-duplicating,
// answering 2xx before and regardless of the handler, refusing bad signatures with 400.
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import { WebhookReceiver, command, createWebhookHandler, expressWebhook, signPayload, type WebhookEvent } from "../src/index.ts";

const SECRET = "whsec_receiver_test";
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function listen(handler: RequestListener): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`;
}

const invoked = (id = crypto.randomUUID()): WebhookEvent<"command.invoked"> => ({
  id,
  type: "command.invoked",
  space_id: crypto.randomUUID(),
  delivered_at: new Date().toISOString(),
  bot_user_id: "b",
  data: {
    target_bot_user_id: "b",
    interaction_id: "i-1",
    interaction_token: "tok.abc",
    channel_id: "c",
    actor_user_id: "u",
    command: "roll",
    options: { sides: 6, private: true },
    command_version: 1,
    created_at: new Date().toISOString(),
  },
});

async function deliver(url: string, event: object, opts: { secret?: string; header?: string; delivery?: string } = {}) {
  const body = JSON.stringify(event);
  return fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Service-Event": (event as { type: string }).type,
      "X-Service-Delivery": opts.delivery ?? (event as { id: string }).id,
      "X-Service-Signature": opts.header ?? (await signPayload(body, opts.secret ?? SECRET)),
    },
    body,
  });
}

describe("createWebhookHandler (node:http)", () => {
  it("verifies, dispatches a typed event with interaction.respond, and handles a repeated delivery once", async () => {
    const replies: [string, string][] = [];
    const seen: WebhookEvent<"command.invoked">[] = [];
    const roll = command("roll", "Roll").integer("sides", { description: "Sides", required: true });
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const handler = createWebhookHandler({ secret: SECRET, bot: { respond: async (t, c) => void replies.push([t, c]) } })
      .on("command.invoked", (event) => void seen.push(event))
      .onCommand(roll, async (event, ctx) => {
        const sides: number = event.data.options.sides;
        await ctx.interaction.respond(`rolled a d${sides}`);
        resolveDone();
      });
    const url = await listen(handler);
    const event = invoked();
    const first = await deliver(url, event);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json");
    await done;
    expect((await deliver(url, event)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual(event);
    expect(replies).toEqual([["tok.abc", "rolled a d6"]]);
  });

  it("answers 400 for a bad, stale or missing signature, and never calls the handler", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const url = await listen(createWebhookHandler({ secret: SECRET, onError: (e) => void errors.push(e) }).onAny(() => void calls++));
    const event = invoked();
    const wrong = await deliver(url, event, { secret: "whsec_other" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ detail: expect.stringContaining("no signature matches") });
    const stale = await deliver(url, event, {
      header: await signPayload(JSON.stringify(event), SECRET, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    });
    expect(stale.status).toBe(400);
    expect((await deliver(url, event, { header: "nonsense" })).status).toBe(400);
    expect(calls).toBe(0);
    expect(errors).toHaveLength(3);
  });

  it("answers 200 at once even when the handler is slow or throws", async () => {
    const errors: unknown[] = [];
    let finished = false;
    const handler = createWebhookHandler({ secret: SECRET, onError: (e) => void errors.push(e) })
      .on("command.invoked", async () => {
        await new Promise((r) => setTimeout(r, 1500));
        finished = true;
      })
      .on("command.invoked", () => {
        throw new Error("handler bug");
      });
    const url = await listen(handler);
    const started = performance.now();
    const res = await deliver(url, invoked());
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(finished).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(errors).toEqual([new Error("handler bug")]);
  });

  it("refuses bodies above maxBodyBytes with 413 and accepts 100 KB", async () => {
    const url = await listen(createWebhookHandler({ secret: SECRET, maxBodyBytes: 200 * 1024 }));
    const big = { ...invoked(), data: { ...invoked().data, options: { text: "x".repeat(100 * 1024) } } };
    expect((await deliver(url, big)).status).toBe(200);
    const huge = { ...big, data: { ...big.data, options: { text: "x".repeat(300 * 1024) } } };
    expect((await deliver(url, huge)).status).toBe(413);
  });
});

describe("expressWebhook", () => {
  it("works behind express.raw and tells a parsed body apart (400, pass the raw request body)", async () => {
    const got: string[] = [];
    const errors: unknown[] = [];
    const receiver = new WebhookReceiver({ secret: SECRET, onError: (e) => void errors.push(e) }).on(
      "webhook.ping",
      (e) => void got.push(e.data.webhook_id),
    );
    const app = express();
    app.post("/hook", express.raw({ type: "application/json" }), expressWebhook(receiver));
    app.post("/parsed", express.json(), expressWebhook(receiver));
    const url = await listen(app);
    const ping = {
      id: crypto.randomUUID(),
      type: "webhook.ping",
      space_id: null,
      delivered_at: new Date().toISOString(),
      bot_user_id: "b",
      data: { webhook_id: "w-1" },
    };
    expect((await deliver(url, ping)).status).toBe(200);
    const parsed = await deliver(url.replace("/hook", "/parsed"), { ...ping, id: crypto.randomUUID() });
    expect(parsed.status).toBe(400);
    expect(((await parsed.json()) as { detail: string }).detail).toContain("pass the raw request body");
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual(["w-1"]);
  });
});
