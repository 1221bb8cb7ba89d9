// The probe in a browser page: window.runProbe(baseUrl) runs the bot and client probes with the page's own
// fetch, Web Crypto and WebSocket.
import { connectRealtime } from "@parley/sdk-client";
import { probeBot } from "./bot.mjs";
import { probeClient } from "./client.mjs";

globalThis.runProbe = async (baseUrl) => ({ bot: await probeBot(), client: await probeClient(baseUrl, connectRealtime) });
