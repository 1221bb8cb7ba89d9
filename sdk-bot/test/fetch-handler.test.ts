// createFetchHandler, the receiver for fetch-standard runtimes, driven with web Request objects as Workers, Deno and
// Bun hand them over: verification, de-duplication, the answer before the handlers, and waitUntil for the work after.
import { describe, expect, it } from "vitest";
import { WebhookReceiver, createFetchHandler, signPayload, type WebhookEvent } from "../src/index.ts";

const SECRET = "whsec_fetch_test";

const ping = (): WebhookEvent<"webhook.ping"> => ({
  id: crypto.randomUUID(),
  type: "webhook.ping",
  space_id: null,
  delivered_at: new Date().toISOString(),
  bot_user_id: "b",
  data: { webhook_id: "w-1" },
});

async function request(event: object, opts: { secret?: string; method?: string; body?: string; stream?: boolean } = {}) {
  const body = JSON.stringify(event);
  const headers = {
    "content-type": "application/json",
    "x-service-delivery": (event as { id: string }).id,
    "x-service-signature": await signPayload(body, opts.secret ?? SECRET),
  };
  if (opts.method === "GET") return new Request("http://bot.example/hook", { headers });
  const payload = opts.stream ? new Blob([opts.body ?? body]).stream() : (opts.body ?? body);
  return new Request("http://bot.example/hook", { method: "POST", headers, body: payload, ...(opts.stream ? { duplex: "half" } : {}) });
}

function waitUntilRecorder() {
  const pending: Promise<unknown>[] = [];
  return { pending, ctx: { waitUntil: (p: Promise<unknown>) => void pending.push(p) } };
}

describe("createFetchHandler", () => {
  it("answers 200 before the handler finishes and hands its completion to waitUntil", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    const receiver = new WebhookReceiver({ secret: SECRET }).on("webhook.ping", async (e) => {
      await gate;
      seen.push(e.data.webhook_id);
    });
    const handle = createFetchHandler(receiver);
    const { pending, ctx } = waitUntilRecorder();
    const res = await handle(await request(ping()), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ received: true });
    expect(pending).toHaveLength(1);
    expect(seen).toEqual([]);
    release();
    await Promise.all(pending);
    expect(seen).toEqual(["w-1"]);
  });

  it("handles a repeated delivery once, streamed bodies included, and works without a context", async () => {
    const seen: string[] = [];
    const handle = createFetchHandler(new WebhookReceiver({ secret: SECRET }).on("webhook.ping", (e) => void seen.push(e.id)));
    const event = ping();
    expect((await handle(await request(event, { stream: true }))).status).toBe(200);
    const again = await handle(await request(event));
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    await expect.poll(() => seen).toEqual([event.id]);
  });

  it("answers 400 for a wrong signature and never runs the handler", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const receiver = new WebhookReceiver({ secret: SECRET, onError: (e) => void errors.push(e) }).onAny(() => void calls++);
    const { pending, ctx } = waitUntilRecorder();
    const res = await createFetchHandler(receiver)(await request(ping(), { secret: "whsec_other" }), ctx);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: expect.stringContaining("no signature matches") });
    await Promise.all(pending);
    expect(calls).toBe(0);
    expect(errors).toHaveLength(1);
  });

  it("answers 405 to another method and 413 above maxBodyBytes, with or without a content-length", async () => {
    const handle = createFetchHandler(new WebhookReceiver({ secret: SECRET }), { maxBodyBytes: 200 * 1024 });
    expect((await handle(await request(ping(), { method: "GET" }))).status).toBe(405);
    const big = { ...ping(), data: { webhook_id: "x".repeat(100 * 1024) } };
    expect((await handle(await request(big))).status).toBe(200);
    const huge = { ...ping(), data: { webhook_id: "x".repeat(300 * 1024) } };
    expect((await handle(await request(huge))).status).toBe(413);
    expect((await handle(await request(huge, { stream: true }))).status).toBe(413);
  });
});
