// The dice bot: declares /roll, answers each invocation ephemerally, and, unless `private` is set, posts the
// result to the channel and reacts to its own message. Everything goes through @parley/sdk-bot. It hears its
// invocations over the server's gateway by default, or as HTTP webhooks when given a webhook secret.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  command,
  createBot,
  createWebhookHandler,
  GATEWAY_PATH,
  type Bot,
  type CommandHandler,
  type OptionsOf,
  type WebhookEvent,
} from "@parley/sdk-bot";
import { describeRoll, rollDice, type RandomInt } from "./dice.ts";

export const roll = command("roll", "Roll dice")
  .integer("sides", { description: "Sides of each die (2 to 1000)", min: 2, max: 1000 })
  .integer("count", { description: "How many dice (1 to 10)", min: 1, max: 10 })
  .boolean("private", { description: "Only you see the result" });

export const REACTION = "🎲";

export interface DiceBotOptions {
  baseUrl: string;
  token: string;
  /**
   * The secret of an HTTP webhook: the bot then listens on `port` for its POSTs. Without it, the bot receives its
   * events over the server's gateway (a socket webhook): no public URL, nothing to listen on.
   */
  webhookSecret?: string;
  port?: number;
  host?: string;
  random?: RandomInt;
  onError?: (err: unknown, event?: WebhookEvent) => void;
}

export interface RunningDiceBot {
  /** Where the bot receives its events: its webhook URL, or the server's gateway. */
  url: string;
  transport: "http" | "socket";
  bot: Bot;
  /** Whether start-up had to PUT the command registry (false when it was already up to date). */
  commandsChanged: boolean;
  close(): Promise<void>;
}

export async function startDiceBot(o: DiceBotOptions): Promise<RunningDiceBot> {
  const bot = createBot({ baseUrl: o.baseUrl, token: o.token });
  const { changed } = await bot.commands.sync([roll]);

  const onRoll: CommandHandler<OptionsOf<typeof roll>> = async (event, ctx) => {
    const { sides = 6, count = 1, private: hidden = false } = event.data.options;
    const text = describeRoll(sides, rollDice(sides, count, o.random));
    await ctx.interaction.respond(`🎲 ${text}`);
    if (hidden || !event.space_id) return;
    const message = await bot.messages.send(event.space_id, event.data.channel_id, `🎲 rolled ${text}`);
    await bot.reactions.add(event.space_id, message.id, REACTION);
  };

  if (!o.webhookSecret) {
    const receiver = bot.gateway.connect({ onError: o.onError }).onCommand(roll, onRoll);
    await receiver.ready();
    return {
      url: `${o.baseUrl.replace(/\/+$/, "").replace(/^http/, "ws")}${GATEWAY_PATH}`,
      transport: "socket",
      bot,
      commandsChanged: changed,
      close: () => receiver.close(),
    };
  }

  const handler = createWebhookHandler({ secret: o.webhookSecret, bot, onError: o.onError }).onCommand(roll, onRoll);
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port ?? 0, o.host ?? "127.0.0.1", resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}/`,
    transport: "http",
    bot,
    commandsChanged: changed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
