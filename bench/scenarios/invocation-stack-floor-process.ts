// The invocation chain's stack floor (bench/scenarios/invocations.ts), in its own process as
// Parley's is: Express 5 + express-openapi-validator on generated/openapi.yaml, configured as the service
// configures them (bench/floors/stack-app.ts, as every stack floor), with only the chain's unavoidable
// work behind the routes:
//   POST /api/chat/:space_id/:channel_id/commands/invoke → a signed interaction token, the delivery row INSERTed
//        (sealed body, as the outbox holds it; committed without waiting for the WAL flush, as the service's
//        invocation rows are) before the 202, then the signed `command.invoked` POST to the bot with undici;
//   POST /api/bot/interactions/respond → the token verified, 204, the `interaction:response` frame over ws on
//        the invoker's socket (`/?user=<id>`).
// No authentication (the service's is a cached lookup; the user is the bearer token's text, unchecked), no
// invocation checks, no limits, no result recorded after the attempt. Benchmark-only.
// With REDIS_URL, the duties the service owes at each hop as well (the "duties" floor): invoke counts the (user, bot)
// limit on Redis with the service's own limiter (platform/limiter.ts) before the INSERT; respond counts the
// bot-wide limit while it reads the invoker's membership, sends the frame, then publishes it on Redis for other
// processes before its 204; the attempt's result is written (one UPDATE) once the bot has answered.
// Env: PORT, BOT_URL, DATABASE_URL (a migrated database of its own), WEBHOOK_ID (a webhook row there), SECRET
// (the webhook's signing secret), BOT_ID, REDIS_URL (optional).
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type express from "express";
import pg from "pg";
import { Agent, request } from "undici";
import { WebSocketServer, type WebSocket } from "ws";
import { newId } from "../../server/src/platform/ids.ts";
import { seal } from "../../server/src/platform/crypto.ts";
import { createRedis } from "../../server/src/platform/redis.ts";
import { redisLimiters } from "../../server/src/platform/limiter.ts";
import { LIMITS } from "../../server/src/features/ratelimits/rules.ts";
import { InteractionTokens } from "../../server/src/features/interactions/token.ts";
import { stackApp } from "../floors/stack-app.ts";

const env = process.env as Record<string, string>;
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 20 });
const agent = new Agent({ connections: 64 });
const tokens = new InteractionTokens(randomBytes(32).toString("hex"), Date.now);
const dataKey = randomBytes(32);
const sockets = new Map<string, WebSocket>();
const redis = env.REDIS_URL ? createRedis(env.REDIS_URL, { enableOfflineQueue: false }) : undefined;
const limiters = redis && redisLimiters(redis, 1_000_000); // counted as the service counts them, never refusing here
const invokeLimit = limiters?.create(LIMITS.invocations);
const botLimit = limiters?.create(LIMITS.botCalls);
const MEMBER = { name: "floor_is_member", text: "SELECT 1 FROM members WHERE space_id = $1 AND user_id = $2" };
const DELIVERED = {
  name: "floor_delivered",
  text: `UPDATE deliveries SET status = 'delivered', body = $2, attempts = attempts + 1, last_status_code = $3, finished_at = now() WHERE id = $1 AND status = 'pending'`,
};

// The outbox row, as the service writes an invocation's (webhooks/store.ts insertDeliveries, flush: false).
const INSERT = {
  name: "floor_insert_delivery",
  text: `INSERT INTO deliveries (id, webhook_id, type, body, status, due_at)
         SELECT $1, $2, 'command.invoked', $3, 'pending', $4 WHERE set_config('synchronous_commit', 'off', true) IS NOT NULL`,
};

const app = stackApp();

app.post("/api/chat/:space_id/:channel_id/commands/invoke", async (req, res) => {
  const user = String(req.headers.authorization).slice("Bearer ".length);
  const spaceId = String(req.params.space_id);
  const channelId = String(req.params.channel_id);
  const iid = newId();
  const id = newId();
  const now = Date.now();
  const body = JSON.stringify({
    id,
    type: "command.invoked",
    space_id: spaceId,
    delivered_at: new Date(now).toISOString(),
    bot_user_id: env.BOT_ID,
    data: {
      target_bot_user_id: env.BOT_ID,
      interaction_id: iid,
      interaction_token: tokens.sign({ iid, bot: env.BOT_ID!, usr: user, sp: spaceId, ch: channelId }),
      channel_id: channelId,
      actor_user_id: user,
      command: req.body.command,
      options: req.body.options ?? {},
      command_version: 1,
      created_at: new Date(now).toISOString(),
    },
  });
  if (invokeLimit) await invokeLimit.consume(`${user}:${env.BOT_ID}`);
  await pool.query({ ...INSERT, values: [id, env.WEBHOOK_ID, seal(dataKey, body, `delivery:${id}`), new Date(now + 15_000)] });
  res.status(202).json({ interaction_id: iid });
  const t = Math.floor(now / 1000);
  const signature = `t=${t},v1=${createHmac("sha256", env.SECRET!).update(`${t}.${body}`).digest("hex")}`;
  const r = await request(env.BOT_URL!, {
    method: "POST",
    dispatcher: agent,
    headers: {
      "content-type": "application/json",
      "x-service-event": "command.invoked",
      "x-service-delivery": id,
      "x-service-signature": signature,
    },
    body,
  });
  await r.body.dump();
  if (redis) await pool.query({ ...DELIVERED, values: [id, "{}", r.statusCode] });
});

app.post("/api/bot/interactions/respond", async (req, res) => {
  const ctx = tokens.verify(req.body.interaction_token);
  if (!ctx) return void res.status(403).json({ detail: "invalid or expired interaction" });
  const frame = JSON.stringify({
    type: "interaction:response",
    interaction_id: ctx.iid,
    channel_id: ctx.ch,
    space_id: ctx.sp,
    bot_user_id: ctx.bot,
    content: req.body.content,
    ephemeral: true,
    is_bot: true,
  });
  if (!redis) {
    res.status(204).end();
    sockets.get(ctx.usr)?.send(frame);
    return;
  }
  // The floor's users are no members of anything: the read is made, its answer not used.
  await Promise.all([botLimit!.consume(ctx.bot), pool.query({ ...MEMBER, values: [ctx.sp, newId()] })]);
  sockets.get(ctx.usr)?.send(frame);
  await redis.publish(`floor:user:${ctx.usr}`, frame);
  res.status(204).end();
});
app.use((err: { status?: number; message: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  res.status(err.status ?? 500).json({ detail: err.message });
});

const server = createServer({ keepAliveTimeout: 65_000 }, app);
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on("connection", (ws, req) => sockets.set(new URL(req.url!, "http://x").searchParams.get("user")!, ws));
server.listen(Number(env.PORT), "127.0.0.1", () => console.log("stack floor service listening"));
// A plain exit on SIGTERM, so that `--cpu-prof` (BENCH_STACK_FLOOR_ARGS) writes its profile.
process.once("SIGTERM", () => process.exit(0));
