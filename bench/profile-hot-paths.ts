// Where a hot path's time goes (issue 19): starts the service in this process, loads one path at a time with
// autocannon (in a child process), and exits, so that `node --cpu-prof` profiles the service alone:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-hot-paths.ts [me|send|list]
//   node bench/profile-summary.mjs /tmp/prof/<file>.cpuprofile
// Standalone (no `export const scenario`): `npm run bench` does not run it.
import { createContext } from "./context.ts";
import { registerUser } from "../test/helpers/users.ts";
import { insertBot, insertSpace } from "../test/helpers/fixtures.ts";
import { newId } from "../server/src/platform/ids.ts";

const which = process.argv[2] ?? "me";
const { ctx, cleanup } = createContext();
try {
  const server = await ctx.startServer();
  let opts;
  if (which === "me") {
    const user = await registerUser(server.url);
    opts = { url: `${server.url}/api/auth/me`, headers: { authorization: `Bearer ${user.token}` } };
  } else {
    const db = server.platform.db;
    const bot = await insertBot(db);
    const space = await insertSpace(db, bot.ownerId);
    const memberId = newId();
    await db("members").insert({ id: memberId, space_id: space.id, user_id: bot.id, role: "member" });
    await db("bot_installs").insert({ space_id: space.id, bot_user_id: bot.id, member_id: memberId, scopes: ["messages.send"], allowed_channel_ids: [space.generalId], state: "ACTIVE" });
    const url = `${server.url}/api/bot/spaces/${space.id}/channels/${space.generalId}/messages`;
    const headers = { authorization: `Bot ${bot.token}` };
    const body = { content: "The quick brown fox jumps over the lazy dog. ".repeat(3) };
    for (let i = 0; i < 60; i++) await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
    opts = which === "send" ? { url, method: "POST" as const, headers, body } : { url, headers };
  }
  const r = await ctx.load(which, { ...opts, duration: Number(process.env.BENCH_DURATION ?? 10) });
  console.error(`profile: ${which}: ${Math.round(r.requestsPerSecond)} req/s, p99 ${r.p99Ms} ms, failures ${r.failures}`);
} finally {
  await cleanup();
}
