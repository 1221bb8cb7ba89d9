// Runs the dice bot from the environment: PARLEY_URL, BOT_TOKEN; with WEBHOOK_SECRET it takes HTTP webhooks on
// PORT (default 3000) and HOST instead of connecting to the gateway.
import { startDiceBot } from "./bot.ts";

function required(name: string): string {
  const v = process.env[name];
  if (!v) {
    console.error(`dice-bot: set ${name} (see examples/dice-bot/README.md)`);
    process.exit(1);
  }
  return v;
}

const running = await startDiceBot({
  baseUrl: process.env.PARLEY_URL ?? "http://127.0.0.1:8080",
  token: required("BOT_TOKEN"),
  webhookSecret: process.env.WEBHOOK_SECRET || undefined,
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? "127.0.0.1",
  onError: (err, event) =>
    console.error(`dice-bot: ${event ? `${event.type} ${event.id}: ` : ""}${err instanceof Error ? err.message : String(err)}`),
});
const where = running.transport === "socket" ? `connected to ${running.url}` : `webhooks at ${running.url}`;
console.log(`dice-bot: /roll ${running.commandsChanged ? "registered" : "already registered"}; ${where}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void running.close().then(() => process.exit(0)));
