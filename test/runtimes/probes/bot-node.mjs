// sdk-bot's node:http receiver (Node, and Bun and Deno through their node:http): a signed delivery over a real
// socket is answered 200 and handled.
import { createServer } from "node:http";
import { createWebhookHandler } from "@parley/sdk-bot";
import { PROBE_SECRET, pingEvent, signedRequest } from "./bot.mjs";

export async function probeNodeReceiver() {
  const handled = [];
  const hooks = createWebhookHandler({ secret: PROBE_SECRET }).on("webhook.ping", (e) => void handled.push(e.data.webhook_id));
  const server = createServer(hooks);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  try {
    const url = `http://127.0.0.1:${server.address().port}/hook`;
    const res = await fetch(await signedRequest(url, pingEvent("w-node")));
    const status = res.status;
    await res.arrayBuffer();
    for (let i = 0; i < 200 && !handled.length; i++) await new Promise((r) => setTimeout(r, 10));
    return { status, handled };
  } finally {
    server.closeAllConnections?.();
    await new Promise((r) => server.close(r));
  }
}
