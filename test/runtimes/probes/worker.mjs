// The probe as a Cloudflare Worker (workerd, no nodejs_compat): GET /probe runs the bot and client probes and
// answers their JSON; POST /hook is a real webhook endpoint whose handler reports to env.CALLBACK_URL after the
// answer, which only arrives when createFetchHandler handed the work to ctx.waitUntil.
import { WebhookReceiver, createFetchHandler } from "@parley/sdk-bot";
import { connectRealtime } from "@parley/sdk-client";
import { probeBot, PROBE_SECRET } from "./bot.mjs";
import { probeClient } from "./client.mjs";

let hook;

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/hook") {
      hook ??= createFetchHandler(
        new WebhookReceiver({ secret: PROBE_SECRET }).on("webhook.ping", async (e) => {
          await new Promise((r) => setTimeout(r, 50));
          await fetch(env.CALLBACK_URL, { method: "POST", body: e.data.webhook_id });
        }),
      );
      return hook(request, ctx);
    }
    try {
      const result = { bot: await probeBot() };
      if (env.PARLEY_URL) result.client = await probeClient(env.PARLEY_URL, connectRealtime);
      return Response.json(result);
    } catch (err) {
      return Response.json({ error: String(err?.stack ?? err) }, { status: 500 });
    }
  },
};
