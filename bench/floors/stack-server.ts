// The stack floor: Express 5 + express-openapi-validator from our node_modules, configured as the
// service configures them, on generated/openapi.yaml, answering the hot paths with nothing else around them:
//   GET  /api/auth/me                                        → fixed bytes (the service's own answer)
//   POST /api/bot/spaces/:space_id/channels/:channel_id/messages → one INSERT … RETURNING of the same row (pg)
//   GET  /api/bot/spaces/:space_id/channels/:channel_id/messages → the same SELECT as the service's list (pg)
// With `redisUrl`, the send also does the two Redis commands any send must make within the decided stack (the
// bot-wide, channel and space limits counted atomically before the row is written; the realtime frame
// published for every process's viewers after it): the service's own limiter script through platform/limiter.ts
// before the INSERT, and a PUBLISH of the frame after it, not awaited, on a second connection, as the service does.
// With `botToken` as well, also the rest of the work the contract asks of every bot request: the bot authenticated
// by its token's SHA-256 from an in-memory map (the service's cache hit), and the request counter and
// duration histogram, labelled with the route template.
// Run: node --import tsx bench/floors/stack-server.ts '<json options>'; prints `listening <port>`.
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import type express from "express";
import pg from "pg";
import { newId } from "../../server/src/platform/ids.ts";
import { redisLimiters } from "../../server/src/platform/limiter.ts";
import { createRedis } from "../../server/src/platform/redis.ts";
import { sha256Hex } from "../../server/src/platform/crypto.ts";
import { Counter, Histogram, Registry } from "prom-client";
import { LIST_SQL, INSERT_SQL, toJson } from "./sql.ts";
import { stackApp } from "./stack-app.ts";

const opts = JSON.parse(process.argv[2] ?? "{}") as {
  meBody?: string;
  databaseUrl?: string;
  spaceId?: string;
  botId?: string;
  redisUrl?: string;
  botToken?: string;
};
const pool = opts.databaseUrl ? new pg.Pool({ connectionString: opts.databaseUrl, max: 20 }) : undefined;

/** The send's Redis work (see above), or undefined. The limits are the service's, raised far out of reach; own keys. */
const redis = opts.redisUrl ? sendRedisWork(opts.redisUrl) : undefined;
function sendRedisWork(url: string) {
  const limiters = redisLimiters(createRedis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 }), 1_000_000);
  const limit = (name: string, points: number, durationSeconds: number) =>
    limiters.create({ name: `floor:${name}`, points, durationSeconds });
  const [bot, channel, space] = [limit("bot", 1000, 60), limit("msg:ch", 5, 1), limit("msg:sp", 60, 60)];
  const publisher = createRedis(url);
  return {
    /** True when a limit refuses the send. */
    async refused(botId: string, spaceId: string, channelId: string): Promise<boolean> {
      const hit = await limiters.consumeAll([
        [{ limiter: bot, key: botId }],
        [
          { limiter: channel, key: `${botId}:${channelId}` },
          { limiter: space, key: `${botId}:${spaceId}` },
        ],
      ]);
      return hit !== null;
    },
    publish(spaceId: string, channelId: string, message: object): void {
      publisher
        .publish(`ps:rt:space:${spaceId}`, JSON.stringify({ channelId, frame: { type: "message:created", ...message } }))
        .catch(() => {});
    },
  };
}

/** The contract's per-request work for the send (see above), or undefined. */
const mandatory = opts.botToken ? requestDuties(opts.botToken, opts.botId!) : undefined;
function requestDuties(token: string, botId: string) {
  const bots = new Map([[sha256Hex(token), { id: botId, state: "ACTIVE" }]]);
  const registry = new Registry();
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({ name: "http_requests_total", help: "requests", labelNames, registers: [registry] });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "duration",
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const series = new Map<string, { requests: { inc(): void }; duration: { observe(v: number): void } }>();
  return {
    /** The bot of the Authorization header, or undefined (401). */
    bot(header: string | undefined) {
      const bot = header?.startsWith("Bot ") ? bots.get(sha256Hex(header.slice(4))) : undefined;
      return bot?.state === "ACTIVE" ? bot : undefined;
    },
    /** Counts the request once it is answered. */
    measure(req: express.Request, res: express.Response, route: string) {
      const started = performance.now();
      res.on("finish", () => {
        const key = `${res.statusCode}`;
        let s = series.get(key);
        if (!s) {
          const labels = { method: req.method, route, status: key };
          s = { requests: requests.labels(labels), duration: duration.labels(labels) };
          series.set(key, s);
        }
        s.requests.inc();
        s.duration.observe((performance.now() - started) / 1000);
      });
    },
  };
}

const app = stackApp();
app.get("/api/auth/me", (_req, res) => void res.type("application/json").send(opts.meBody ?? "{}"));
const MESSAGES = "/api/bot/spaces/:space_id/channels/:channel_id/messages";
app.post(MESSAGES, async (req, res) => {
  if (mandatory) {
    mandatory.measure(req, res, MESSAGES);
    if (!mandatory.bot(req.headers.authorization)) return void res.status(401).json({ detail: "invalid bot token" });
  }
  const channelId = String(req.params.channel_id);
  if (redis && (await redis.refused(opts.botId!, opts.spaceId!, channelId))) return void res.status(429).json({ detail: "limited" });
  const r = await pool!.query(INSERT_SQL, [newId(), opts.spaceId, channelId, opts.botId, req.body.content]);
  const message = toJson(r.rows[0]);
  redis?.publish(opts.spaceId!, channelId, message);
  res.status(201).json(message);
});
app.get(MESSAGES, async (req, res) => {
  const r = await pool!.query(LIST_SQL, [String(req.params.channel_id)]);
  res.json(r.rows.map(toJson));
});
app.use((err: { status?: number; message: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  res.status(err.status ?? 500).json({ detail: err.message });
});

const server = createServer({ keepAliveTimeout: 65_000 }, app);
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
// PROFILE_OUT (bench/profile-hot-paths.ts --floor): SIGUSR2 starts a CPU profile, SIGTERM writes it before exiting.
// PROFILE_HEAP_OUT: the same with a sampled allocation profile (what the GC has collected included).
const heapOut = process.env.PROFILE_HEAP_OUT;
const profiling = process.env.PROFILE_OUT || heapOut ? new Session() : undefined;
process.on("SIGUSR2", () => {
  profiling?.connect();
  if (heapOut)
    void profiling?.post("HeapProfiler.enable").then(() =>
      profiling.post("HeapProfiler.startSampling", {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      } as never),
    );
  else void profiling?.post("Profiler.enable").then(() => profiling.post("Profiler.start"));
});
process.on("SIGTERM", async () => {
  if (profiling && heapOut) writeFileSync(heapOut, JSON.stringify((await profiling.post("HeapProfiler.stopSampling")).profile));
  else if (profiling) writeFileSync(process.env.PROFILE_OUT!, JSON.stringify((await profiling.post("Profiler.stop")).profile));
  server.close();
  void pool?.end();
  process.exit(0);
});
