// Creates bots through the public API, as their owner would.
import { randomBytes } from "node:crypto";
import { api } from "./http.ts";

export async function createBot(
  base: string,
  ownerToken: string,
  over: { username?: string } = {},
): Promise<{ id: string; token: string; username: string }> {
  const username = over.username ?? `bot_${randomBytes(5).toString("hex")}`;
  const res = await api(base).post("/api/bots", { username }, { token: ownerToken });
  if (res.status !== 201) throw new Error(`bot create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.bot.id, token: res.body.token, username };
}
