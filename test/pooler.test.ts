// DATABASE_POOLER=transaction: the whole API through Debian's PgBouncer in transaction mode, where each
// transaction may run on another server connection. A named prepared statement made on one is unknown on the next
// ("prepared statement … does not exist"), so the service must run every statement unnamed there.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, PG_ADMIN_URL, type TestDatabase } from "./helpers/resources.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { freePort } from "./helpers/ports.ts";
import { api } from "./helpers/http.ts";
import { registerUser } from "./helpers/users.ts";
import { createBot } from "./helpers/bots.ts";

const pgbouncer = ["/usr/sbin/pgbouncer", "pgbouncer"].find((p) => spawnSync(p, ["--version"]).status === 0);

/** A PgBouncer in transaction mode in front of `db`, with few server connections so transactions move between them. */
async function startPgBouncer(db: TestDatabase): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "parley-pgbouncer-"));
  const port = await freePort();
  const admin = new URL(PG_ADMIN_URL);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `parley = host=${admin.hostname} port=${admin.port || 5432} dbname=${db.name} user=${decodeURIComponent(admin.username) || "postgres"}` +
        (admin.password ? ` password=${decodeURIComponent(admin.password)}` : ""),
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "auth_type = any",
      "pool_mode = transaction",
      "default_pool_size = 3",
      "max_client_conn = 200",
      `unix_socket_dir = ${dir}`,
      `pidfile = ${join(dir, "pgbouncer.pid")}`,
      "ignore_startup_parameters = extra_float_digits",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root; as root it runs as the `postgres` user that the PostgreSQL package made.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync("chown", ["-R", "postgres", dir]);
  const child: ChildProcess = spawn(pgbouncer!, [...(asRoot ? ["-u", "postgres"] : []), join(dir, "pgbouncer.ini")], { stdio: "ignore" });
  const url = `postgres://postgres@127.0.0.1:${port}/parley`;
  const end = Date.now() + 10_000;
  while (spawnSync("pg_isready", ["-q", "-h", "127.0.0.1", "-p", String(port)]).status !== 0) {
    if (Date.now() > end) throw new Error("pgbouncer did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!pgbouncer)("behind PgBouncer in transaction mode (DATABASE_POOLER=transaction)", () => {
  let db: TestDatabase;
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let server: TestServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    bouncer = await startPgBouncer(db);
    server = await startTestServer({ env: { DATABASE_URL: bouncer.url, DATABASE_POOLER: "transaction", RATE_LIMIT_MULTIPLIER: "10" } });
  });
  afterAll(async () => {
    await server?.stop();
    await bouncer?.stop();
    await db?.drop();
  });

  it("serves the hot paths (sessions, bot sends and pages, member messages) with no statement lost between connections", async () => {
    const http = api(server.url);
    const owner = await registerUser(server.url);
    const space = await http.post("/api/spaces", { name: "pooled", visibility: "private" }, { token: owner.token });
    expect(space.status).toBe(201);
    const channels = (await http.get(`/api/spaces/${space.body.id}/channels`, { token: owner.token })).body as {
      id: string;
      type: string;
    }[];
    const general = channels.find((c) => c.type === "text")!.id;
    const bot = await createBot(server.url, owner.token);
    const installed = await http.post(
      `/api/spaces/${space.body.id}/bots`,
      { bot_user_id: bot.id, scopes: ["messages.send"], allowed_channel_ids: [general] },
      { token: owner.token },
    );
    expect(installed.status).toBe(201);

    // Enough statements, in parallel, to run each prepared one on every server connection of the pool.
    const path = `/api/bot/spaces/${space.body.id}/channels/${general}/messages`;
    const sent = await Promise.all(Array.from({ length: 30 }, (_, i) => http.post(path, { content: `m${i}` }, { bot: bot.token })));
    expect(sent.map((r) => r.status)).toEqual(Array(30).fill(201));
    const pages = await Promise.all(Array.from({ length: 12 }, () => http.get(`${path}?limit=10`, { bot: bot.token })));
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toHaveLength(10);
    }
    const me = await Promise.all(Array.from({ length: 12 }, () => http.get("/api/users/me", { token: owner.token })));
    expect(me.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(server.logs()).not.toMatch(/prepared statement .* does not exist/);
  });
});
