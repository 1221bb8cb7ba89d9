// The probe for runtimes that run a file (Node, Bun, Deno): prints one JSON line. PARLEY_URL selects the client probe.
import { probeBot } from "./bot.mjs";
import { probeNodeReceiver } from "./bot-node.mjs";
import { probeClient } from "./client.mjs";
import { createRequire } from "node:module";

const env = globalThis.Deno ? globalThis.Deno.env.toObject() : process.env;
const result = { bot: await probeBot(), nodeReceiver: await probeNodeReceiver() };
if (env.PARLEY_URL) {
  // Node 20 has no global WebSocket: that is what the /node entry is for.
  const { connectRealtime } = globalThis.WebSocket ? await import("@parley/sdk-client") : await import("@parley/sdk-client/node");
  result.client = await probeClient(env.PARLEY_URL, connectRealtime);
  result.clientEntry = globalThis.WebSocket ? "main" : "node";
}
if (!globalThis.Bun && !globalThis.Deno) {
  // CommonJS callers: require() of these ES modules works wherever Node loads ESM synchronously (20.19+).
  const require = createRequire(import.meta.url);
  result.require = [typeof require("@parley/sdk-bot").createFetchHandler, typeof require("@parley/sdk-client").createClient];
}
console.log(JSON.stringify(result));
