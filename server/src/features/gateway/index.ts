// The bot gateway (spec/realtime/bot-gateway.tsp): the composition root builds it before the webhook engine, which
// sends socket webhooks' attempts through it, and hands it the HTTP server's upgrades.
import type { Platform } from "../../platform/index.ts";
import { HttpError } from "../../platform/errors.ts";
import { sha256Hex } from "../../platform/crypto.ts";
import type { BotAuthenticator } from "../bots/index.ts";
import { BotGateway, CLOSE, type BotTokens } from "./gateway.ts";
import { MemoryDirectory, RedisDirectory } from "./directory.ts";

export { BotGateway, BOT_GATEWAY_PATH } from "./gateway.ts";

const INVALID = { code: CLOSE.unauthenticated, reason: "invalid bot token" };

/** Bot tokens as the gateway sees them: the texts and states of the bot API, as close codes. */
function gatewayTokens(auth: BotAuthenticator): BotTokens {
  return {
    async resolve(token) {
      try {
        const bot = await auth.authenticateNow(`Bot ${token}`);
        return { botId: bot.id, tokenHash: sha256Hex(token) };
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) return INVALID;
        if (err instanceof HttpError && err.status === 403) return { code: CLOSE.forbidden, reason: err.detail };
        throw err;
      }
    },
    async recheck(tokenHash) {
      const bot = await auth.current(tokenHash);
      if (!bot) return INVALID;
      return bot.state === "ACTIVE" ? null : { code: CLOSE.forbidden, reason: `bot is ${bot.state}` };
    },
    onChanged: (handler) => auth.onChanged(handler),
  };
}

export async function startBotGateway(p: Platform, auth: BotAuthenticator): Promise<BotGateway> {
  const gateway = new BotGateway({
    pubsub: p.pubsub,
    directory: p.redis ? new RedisDirectory(p.redis) : new MemoryDirectory(),
    tokens: gatewayTokens(auth),
    log: p.log,
    metrics: p.metrics,
    heartbeatMs: p.config.gatewayHeartbeatMs,
  });
  await gateway.start();
  return gateway;
}
