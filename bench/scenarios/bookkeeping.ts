// Delivery bookkeeping under steady mixed load (docs/running-at-scale.md): for BENCH_BOOKKEEPING_SECONDS (default
// 240), a bot sends BENCH_BOOKKEEPING_SENDS messages/s (default 40) to a channel that LISTENERS bots subscribe to
// (`message.created` webhooks), and members invoke a command BENCH_BOOKKEEPING_INVOKES times/s (default 20), whose bot
// answers 200 and responds. The deliveries table starts with BENCH_BOOKKEEPING_SEED finished rows (default 100,000,
// vacuumed and analysed: a table that has served for a while), so autovacuum's thresholds are a table's, not an
// empty one's. Each minute it reports the database's buffer accesses (pg_stat_database blks_hit + blks_read of the
// bench's own database, autovacuum included) per client operation and per delivery, PostgreSQL's CPU per delivery
// (the service's backends), and the reads of the pending index `deliveries_due`. Flat from the first minute to the
// last: the bookkeeping does not slow down as the table grows. On a server with autovacuum off, the bench runs VACUUM
// and ANALYZE when autovacuum would. Runs only when named: `npm run bench -- bookkeeping`.
import { createServer } from "node:http";
import type { Knex } from "knex";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import type { BenchResult, Scenario } from "../context.ts";
import { api } from "../../test/helpers/http.ts";
import { registerUser } from "../../test/helpers/users.ts";
import { insertMember, insertSpace } from "../../test/helpers/fixtures.ts";
import { BENCH_SECRETS } from "./webhooks.ts";
import { cpuMs, percentile, sleep, startParley } from "./realtime-common.ts";

const SECONDS = Number(process.env.BENCH_BOOKKEEPING_SECONDS ?? 240);
const SEND_RATE = Number(process.env.BENCH_BOOKKEEPING_SENDS ?? 40);
const INVOKE_RATE = Number(process.env.BENCH_BOOKKEEPING_INVOKES ?? 20);
const SEED = Number(process.env.BENCH_BOOKKEEPING_SEED ?? 100_000);
const LISTENERS = 3;
const USERS = 10;
const WARMUP_S = 10;

/** A local webhook receiver that answers 200 at once and counts what arrived; `then` runs after the answer. */
async function receiver(then?: (body: string) => void) {
  let arrived = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      arrived++;
      res.writeHead(200).end();
      then?.(Buffer.concat(chunks).toString("utf8"));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrived: () => arrived,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/**
 * For a server with autovacuum off (as a test server may run): VACUUM and ANALYZE of `deliveries` when autovacuum
 * would run them, by its rule (thresholds + scale factors × rows, the table's own settings first), checked once per
 * `autovacuum_naptime`. Without it no VACUUM or ANALYZE would ever run, which no production server does.
 */
async function standInAutovacuum(db: Knex) {
  const setting = async (name: string) =>
    Number(((await db.raw("SELECT setting FROM pg_settings WHERE name = ?", [name])).rows as { setting: string }[])[0]!.setting);
  const naptimeMs = (await setting("autovacuum_naptime")) * 1000;
  let last = performance.now();
  let vacuums = 0;
  let analyzes = 0;
  return {
    runs: () => `${vacuums} VACUUM and ${analyzes} ANALYZE`,
    async tick() {
      if (performance.now() - last < naptimeMs) return;
      last = performance.now();
      const { rows } = await db.raw(`
        SELECT greatest(c.reltuples, 0) AS tuples, s.n_dead_tup AS dead, s.n_ins_since_vacuum AS inserted, s.n_mod_since_analyze AS modified,
               coalesce(c.reloptions, '{}') AS options
          FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'deliveries'`);
      const t = rows[0] as { tuples: number; dead: string; inserted: string; modified: string; options: string[] };
      const option = async (name: string) =>
        Number(t.options.find((o) => o.startsWith(`${name}=`))?.split("=")[1] ?? (await setting(name)));
      const over = async (count: string, kind: string) =>
        Number(count) > (await option(`autovacuum_${kind}_threshold`)) + (await option(`autovacuum_${kind}_scale_factor`)) * t.tuples;
      if ((await over(t.dead, "vacuum")) || (await over(t.inserted, "vacuum_insert"))) {
        await db.raw("VACUUM (ANALYZE) deliveries");
        vacuums++;
        analyzes++;
      } else if (await over(t.modified, "analyze")) {
        await db.raw("ANALYZE deliveries");
        analyzes++;
      }
    },
  };
}

/** Counters read once a second: the database's, the service's, the load's. */
interface Sample {
  at: number;
  buffers: number;
  pgCpuMs: number;
  ops: number;
  failures: number;
  deliveries: number;
  dueScans: number;
  dueEntries: number;
  rows: number;
  dead: number;
  autovacuums: number;
  vacuums: number;
  analyzes: number;
}

export const scenario: Scenario = {
  name: "bookkeeping",
  description: `${SECONDS} s of ${SEND_RATE} bot sends/s to ${LISTENERS} subscribed bots + ${INVOKE_RATE} invocations/s: database buffers per operation, first vs last minute`,
  onlyWhenNamed: true,
  async run(ctx) {
    const agent = new Agent({ connections: 64 });
    ctx.defer(() => agent.close());
    const parley = await startParley({ WEBHOOK_ALLOW_PRIVATE: "true", RATE_LIMIT_MULTIPLIER: "1000000", ...BENCH_SECRETS });
    ctx.defer(() => parley.close());
    const url = parley.parley.url;
    const http = api(url);
    const owner = await registerUser(url);
    const space = await insertSpace(parley.db, owner.id);
    const newBot = async (scopes: string[]) => {
      const b = await http.post(
        "/api/bots",
        { username: `bk_${Date.now() % 1e7}_${Math.floor(Math.random() * 1e4)}` },
        { token: owner.token },
      );
      const bot = { id: b.body.bot.id as string, token: b.body.token as string };
      return {
        bot,
        install: () =>
          http.post(
            `/api/spaces/${space.id}/bots`,
            { bot_user_id: bot.id, scopes, allowed_channel_ids: [space.generalId] },
            { token: owner.token },
          ),
      };
    };

    const rxs = await Promise.all(Array.from({ length: LISTENERS }, () => receiver()));
    const hookIds: string[] = [];
    for (const rx of rxs) {
      const { bot, install } = await newBot(["messages.send"]);
      await install();
      hookIds.push(
        (await http.post(`/api/bots/${bot.id}/webhooks`, { url: rx.url, events: ["message.created"] }, { token: owner.token })).body.id,
      );
    }
    const commands = await newBot(["commands"]);
    await http.put("/api/bot/commands", { commands: [{ name: "ping", description: "Ping" }] }, { bot: commands.bot.token });
    await commands.install();
    const respond = (body: string) => {
      const event = JSON.parse(body) as { data: { interaction_token: string } };
      void request(`${url}/api/bot/interactions/respond`, {
        method: "POST",
        dispatcher: agent,
        headers: { "content-type": "application/json", authorization: `Bot ${commands.bot.token}` },
        body: JSON.stringify({ interaction_token: event.data.interaction_token, content: "pong" }),
      }).then(
        (r) => r.body.dump(),
        () => {},
      );
    };
    const botRx = await receiver(respond);
    rxs.push(botRx);
    for (const rx of rxs) ctx.defer(rx.close);
    await http.post(`/api/bots/${commands.bot.id}/webhooks`, { url: botRx.url, events: ["command.invoked"] }, { token: owner.token });
    const sender = await newBot(["messages.send"]);
    await sender.install();
    const users = await Promise.all(
      Array.from({ length: USERS }, async () => {
        const u = await registerUser(url);
        await insertMember(parley.db, space.id, u.id);
        return u;
      }),
    );

    // A table that has served a while: finished rows of the listeners' webhooks, vacuumed and analysed.
    console.error(`bench: bookkeeping: seeding ${SEED} finished deliveries`);
    await parley.db.raw(
      `INSERT INTO deliveries (id, webhook_id, type, body, status, attempts, last_status_code, created_at, finished_at, due_at)
       SELECT gen_random_uuid(), (?::uuid[])[1 + g % ?], 'message.created', repeat('x', 600), 'delivered', 1, 200,
              now() - make_interval(secs => ? - g / 100.0), now() - make_interval(secs => ? - g / 100.0), now() - make_interval(secs => ? - g / 100.0)
         FROM generate_series(1, ?) g`,
      [hookIds, hookIds.length, SEED / 100, SEED / 100, SEED / 100, SEED],
    );
    await parley.db.raw("VACUUM ANALYZE deliveries");

    // The load: open loop, each kind on its own clock.
    const sendPath = `${url}/api/bot/spaces/${space.id}/channels/${space.generalId}/messages`;
    const invokePath = `${url}/api/chat/${space.id}/${space.generalId}/commands/invoke`;
    const sendBody = JSON.stringify({ content: "The quick brown fox jumps over the lazy dog." });
    const invokeBody = JSON.stringify({ bot_user_id: commands.bot.id, command: "ping" });
    let ops = 0;
    let failures = 0;
    const latencies: number[] = [];
    let turn = 0;
    const fire = (path: string, authorization: string, body: string) => {
      const t = performance.now();
      void request(path, { method: "POST", dispatcher: agent, headers: { "content-type": "application/json", authorization }, body }).then(
        async (r) => {
          await r.body.dump();
          if (r.statusCode >= 300) return void failures++;
          ops++;
          latencies.push(performance.now() - t);
        },
        () => failures++,
      );
    };
    let stop = false;
    const drive = async (rate: number, one: () => void) => {
      const start = performance.now();
      let sent = 0;
      while (!stop) {
        const due = Math.floor(((performance.now() - start) / 1000) * rate);
        for (; sent < due; sent++) one();
        await sleep(10);
      }
    };
    const load = Promise.all([
      drive(SEND_RATE, () => fire(sendPath, `Bot ${sender.bot.token}`, sendBody)),
      drive(INVOKE_RATE, () => fire(invokePath, `Bearer ${users[turn++ % USERS]!.token}`, invokeBody)),
    ]);

    const backends = async () =>
      (
        (await parley.db.raw("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).rows as {
          pid: number;
        }[]
      ).map((r) => r.pid);
    // CPU of backends, summed per pid: a backend that exits takes its time with it, so each pid's last figure is kept.
    const pgCpu = new Map<number, number>();
    const sample = async (): Promise<Sample> => {
      for (const pid of await backends()) {
        try {
          pgCpu.set(pid, cpuMs(pid));
        } catch {
          // gone meanwhile
        }
      }
      const { rows } = await parley.db.raw(`
        SELECT (SELECT blks_hit + blks_read FROM pg_stat_database WHERE datname = current_database()) AS buffers,
               i.idx_scan AS due_scans, i.idx_tup_read AS due_entries,
               t.n_live_tup AS rows, t.n_dead_tup AS dead, t.autovacuum_count AS autovacuums,
               t.vacuum_count AS vacuums, t.analyze_count AS analyzes
          FROM pg_stat_user_indexes i, pg_stat_user_tables t
         WHERE i.indexrelname = 'deliveries_due' AND t.relname = 'deliveries'`);
      const r = rows[0] as Record<string, string>;
      return {
        at: performance.now(),
        buffers: Number(r.buffers),
        pgCpuMs: [...pgCpu.values()].reduce((a, b) => a + b, 0),
        ops,
        failures,
        deliveries: rxs.reduce((n, rx) => n + rx.arrived(), 0),
        dueScans: Number(r.due_scans),
        dueEntries: Number(r.due_entries),
        rows: Number(r.rows),
        dead: Number(r.dead),
        autovacuums: Number(r.autovacuums),
        vacuums: Number(r.vacuums),
        analyzes: Number(r.analyzes),
      };
    };

    const autovacuum = ((await parley.db.raw("SHOW autovacuum")).rows as { autovacuum: string }[])[0]!.autovacuum;
    const stand = autovacuum === "off" ? await standInAutovacuum(parley.db) : undefined;
    await sleep(WARMUP_S * 1000);
    const samples: Sample[] = [await sample()];
    const latencyMarks = [latencies.length];
    const started = performance.now();
    while (performance.now() - started < SECONDS * 1000) {
      await sleep(1000);
      await stand?.tick();
      samples.push(await sample());
      latencyMarks.push(latencies.length);
    }
    stop = true;
    await load;

    // Minute m runs from the first sample at or after its start to the first at or after its end.
    const minutes = Math.floor(SECONDS / 60);
    const at = (s: number) => {
      const i = samples.findIndex((x) => x.at - samples[0]!.at >= s * 1000);
      return i < 0 ? samples.length - 1 : i;
    };
    const window = (m: number): BenchResult & { line: string } => {
      const [i, j] = [at(m * 60), at((m + 1) * 60)];
      const [a, b] = [samples[i]!, samples[j]!];
      const d = <K extends keyof Sample>(k: K) => b[k] - a[k];
      const seconds = d("at") / 1000;
      const lat = latencies.slice(latencyMarks[i], latencyMarks[j]).sort((x, y) => x - y);
      const line =
        `minute ${m + 1}: ${(d("ops") / seconds).toFixed(1)} ops/s, ${(d("deliveries") / seconds).toFixed(1)} deliveries/s; ` +
        `buffers ${(d("buffers") / d("ops")).toFixed(0)}/op, ${(d("buffers") / d("deliveries")).toFixed(0)}/delivery; ` +
        `PostgreSQL CPU ${((d("pgCpuMs") * 1000) / d("deliveries")).toFixed(0)} µs/delivery; ` +
        `deliveries_due ${(d("dueScans") / seconds).toFixed(1)} scans/s, ${(d("dueEntries") / Math.max(1, d("dueScans"))).toFixed(0)} entries/scan; ` +
        `table ${b.rows} rows, ${b.dead} dead, ${d("autovacuums")} autovacuums, ${d("vacuums")} vacuums, ${d("analyzes")} analyzes`;
      return {
        name: `bookkeeping, minute ${m + 1}: ${(d("buffers") / d("ops")).toFixed(0)} buffers/op, ${(d("buffers") / d("deliveries")).toFixed(0)}/delivery`,
        requestsPerSecond: d("ops") / seconds,
        p50Ms: percentile(lat, 50),
        p99Ms: percentile(lat, 99),
        requests: d("ops"),
        failures: d("failures"),
        line,
      };
    };
    const rows = Array.from({ length: minutes }, (_, m) => window(m));
    for (const r of rows) console.error(`bench: bookkeeping: ${r.line}`);
    const [first, last] = [rows[0]!, rows[rows.length - 1]!];
    const per = (r: BenchResult) => Number(/(\d+) buffers\/op/.exec(r.name)![1]);
    const perDelivery = (r: BenchResult) => Number(/(\d+)\/delivery/.exec(r.name)![1]);
    console.error(
      `bench: bookkeeping: last minute / first: buffers per operation ${(per(last) / per(first)).toFixed(2)}, per delivery ` +
        `${(perDelivery(last) / perDelivery(first)).toFixed(2)} (${stand ? `autovacuum is off on this server: the bench ran ${stand.runs()} in its stead, by its rule` : "autovacuum on"})`,
    );
    return rows.map(({ line: _line, ...r }) => r);
  },
};
