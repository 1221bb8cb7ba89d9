// sdk-bot on any runtime: the signature test vector checks out, and a signed delivery through createFetchHandler is
// answered 200 and handled under waitUntil, while a wrongly signed one gets 400 and never reaches a handler.
import { WebhookReceiver, createFetchHandler, signPayload, verifySignature } from "@parley/sdk-bot";

const VECTOR_BODY = '{"id":"0b7e7f7e-1111-4222-8333-944455556666","type":"ping","data":{}}';
const VECTOR_HEADER = "t=1700000000,v1=f157daee91c69843ad75d506d507d46c093a8a12049f616184bdab2c61a195f1";
const SECRET = "whsec_runtime_probe";

export function pingEvent(webhookId) {
  return {
    id: crypto.randomUUID(),
    type: "webhook.ping",
    space_id: null,
    delivered_at: new Date().toISOString(),
    bot_user_id: "b",
    data: { webhook_id: webhookId },
  };
}

export async function signedRequest(url, event, secret = SECRET) {
  const body = JSON.stringify(event);
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-service-delivery": event.id, "x-service-signature": await signPayload(body, secret) },
    body,
  });
}

export async function probeBot() {
  const vector = await verifySignature(VECTOR_BODY, VECTOR_HEADER, "whsec_test_secret", { now: 1700000000 });
  const handled = [];
  const refused = [];
  const receiver = new WebhookReceiver({ secret: SECRET, onError: (err) => refused.push(err.name) }).on("webhook.ping", async (e) => {
    await new Promise((r) => setTimeout(r, 10));
    handled.push(e.data.webhook_id);
  });
  const handle = createFetchHandler(receiver);
  const waits = [];
  const ctx = { waitUntil: (p) => waits.push(p) };
  const ok = await handle(await signedRequest("http://bot.example/hook", pingEvent("w-fetch")), ctx);
  const handledAtAnswer = handled.length;
  await Promise.all(waits);
  const bad = await handle(await signedRequest("http://bot.example/hook", pingEvent("w-bad"), "whsec_wrong"), ctx);
  await Promise.all(waits);
  return { vector, fetch: { status: ok.status, body: await ok.json(), handledAtAnswer, handled, bad: bad.status, refused } };
}

export { SECRET as PROBE_SECRET };
