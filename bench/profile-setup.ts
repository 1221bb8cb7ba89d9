// The hot paths (/me, bot send, bot list) on a fresh service in this process, for the profiling scripts (profile-hot-paths.ts,
// profile-cpu.ts): what to load for `me`, `send` or `list`, and the stack floor answering the same request.
import type { BenchContext } from "./context.ts";
import type { LoadOptions } from "./context.ts";
import type { RunningServer } from "../server/src/server.ts";
import { registerUser } from "../test/helpers/users.ts";
import { insertBot, insertSpace } from "../test/helpers/fixtures.ts";
import { newId } from "../server/src/platform/ids.ts";
import { startStackFloor } from "./floors/index.ts";

export type HotPath = "me" | "send" | "list";

export async function hotPath(
  ctx: BenchContext,
  which: HotPath,
  withFloor = false,
  start: () => Promise<Pick<RunningServer, "url" | "platform">> = () => ctx.startServer(),
): Promise<{ ours: LoadOptions; floor?: LoadOptions }> {
  const server = await start();
  if (which === "me") {
    const user = await registerUser(server.url);
    const headers = { authorization: `Bearer ${user.token}` };
    const meBody = await (await fetch(`${server.url}/api/auth/me`, { headers })).text();
    const floor = withFloor ? await startStackFloor(ctx, { meBody }) : undefined;
    return { ours: { url: `${server.url}/api/auth/me`, headers }, floor: floor ? { url: `${floor}/api/auth/me`, headers } : undefined };
  }
  const db = server.platform.db;
  const bot = await insertBot(db);
  const space = await insertSpace(db, bot.ownerId);
  const memberId = newId();
  await db("members").insert({ id: memberId, space_id: space.id, user_id: bot.id, role: "member" });
  await db("bot_installs").insert({
    space_id: space.id,
    bot_user_id: bot.id,
    member_id: memberId,
    scopes: ["messages.send"],
    allowed_channel_ids: [space.generalId],
    state: "ACTIVE",
  });
  const path = `/api/bot/spaces/${space.id}/channels/${space.generalId}/messages`;
  const headers = { authorization: `Bot ${bot.token}` };
  const body = { content: "The quick brown fox jumps over the lazy dog. ".repeat(3) };
  for (let i = 0; i < 60; i++)
    await fetch(server.url + path, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  // BENCH_FLOOR=duties: the send's floor also does the duties of every send (bench/floors/stack-server.ts).
  const duties = process.env.BENCH_FLOOR === "duties" ? { redisUrl: server.platform.config.redisUrl, botToken: bot.token } : {};
  const floor = withFloor
    ? await startStackFloor(ctx, { databaseUrl: server.platform.config.databaseUrl!, spaceId: space.id, botId: bot.id, ...duties })
    : undefined;
  const send = which === "send" ? { method: "POST" as const, body } : {};
  return { ours: { url: server.url + path, headers, ...send }, floor: floor ? { url: floor + path, headers, ...send } : undefined };
}
