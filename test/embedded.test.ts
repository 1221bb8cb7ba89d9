// Embedded mode (no DATABASE_URL, no REDIS_URL): the embedded PostgreSQL server under DATA_DIR and in-process
// adapters. A first start from an empty DATA_DIR; the whole API black-box under concurrency (one
// database session shared by all would mix concurrent requests' statements and let one request's rollback undo
// another's writes); then a restart on the same DATA_DIR keeping users, sessions and pending deliveries.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "otplib";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { removeDataDir } from "./helpers/embedded.ts";
import pg from "pg";
import { startEmbeddedPostgres } from "../server/src/platform/embedded-postgres.ts";
import { createLogger } from "../server/src/platform/logger.ts";
import { api, type Reply } from "./helpers/http.ts";
import { registerUser, type TestUser } from "./helpers/users.ts";
import { createBot } from "./helpers/bots.ts";
import { startReceiver, type Receiver } from "./helpers/receiver.ts";

const dataDir = mkdtempSync(join(tmpdir(), "parley-embedded-smoke-"));
let server: TestServer | undefined;
let receiver: Receiver | undefined;

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  removeDataDir(dataDir);
});

// JWT_SECRET and BOT_TOKEN_SECRET left unset (empty): embedded mode generates them and keeps them in DATA_DIR.
const start = () =>
  startTestServer({
    embedded: true,
    dataDir,
    env: { JWT_SECRET: "", BOT_TOKEN_SECRET: "", RATE_LIMIT_MULTIPLIER: "1000", LOG_LEVEL: "info" },
  });

const commands = [
  {
    name: "Roll",
    description: "Roll dice",
    options: [{ name: "sides", type: "integer", description: "faces", required: true, min: 2, max: 100 }],
  },
  { name: "ping", description: "Answers pong" },
];

describe("embedded mode", () => {
  // Kept for the restart test.
  let owner: TestUser;
  let hook: { botId: string; webhookId: string; deliveryId: string };
  let commandBot: { id: string; token: string };

  // The first start creates the cluster (initdb) and runs every migration: allow it time on a slow machine.
  it("first start on an empty DATA_DIR: a real PostgreSQL on loopback, secrets kept in DATA_DIR", { timeout: 180_000 }, async () => {
    server = await start();
    expect(server.platform.redis).toBeUndefined();
    expect(server.platform.queues.backend).toBe("postgres");
    const conn = server.platform.database.connection;
    expect(conn.host).toBe("127.0.0.1");
    expect(conn.port).not.toBe(5432);
    const [{ version }] = (await server.platform.db.raw("select version()")).rows;
    expect(version).toMatch(/^PostgreSQL 18\./);
    // The service's own role, not the superuser.
    expect(conn.user).toBe("parley");
    expect((await server.platform.db.raw("select rolsuper from pg_roles where rolname = current_user")).rows).toEqual([
      { rolsuper: false },
    ]);
    for (const file of ["jwt.secret", "bot-token.secret", "data.key", "postgres.password", "postgres-service.password"])
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    expect(server.logs()).toContain(
      "no REDIS_URL or REDIS_CLUSTER_NODES: rate limits, presence, realtime fan-out and caches run in this process",
    );
    expect(server.logs()).toContain("embedded PostgreSQL: first start, creating the database cluster");

    const http = api(server.url);
    expect(await http.get("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await http.get("/readyz")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect((await http.get("/api/openapi.json")).body.info.version).toBe("0.3.0");

    owner = await registerUser(server.url);
    commandBot = await createBot(server.url, owner.token);
    const put = await http.put("/api/bot/commands", { commands }, { bot: commandBot.token });
    expect(put.status).toBe(200);
    expect(put.body.map((c: { name: string; version: number }) => [c.name, c.version])).toEqual([
      ["ping", 1],
      ["roll", 1],
    ]);
    const dup = await http.put("/api/bot/commands", { commands: [commands[1], commands[1]] }, { bot: commandBot.token });
    expect(dup).toMatchObject({ status: 400, body: { detail: "duplicate command name: ping" } });
  });

  it(
    "the whole API under concurrency: 62 mixed requests in flight, every answer right, rollbacks undo nothing else",
    { timeout: 180_000 },
    async () => {
      const http = api(server!.url);
      receiver = await startReceiver();
      const tag = Date.now().toString(36);
      // Setup, a few at a time.
      const space = (await http.post("/api/spaces", { name: "Concurrency", visibility: "public" }, { token: owner.token })).body;
      const channels = (await http.get(`/api/spaces/${space.id}/channels`, { token: owner.token })).body as { id: string; type: string }[];
      const text = channels.find((c) => c.type === "text")!.id;
      const sender = await createBot(server!.url, owner.token);
      expect(
        (
          await http.post(
            `/api/spaces/${space.id}/bots`,
            { bot_user_id: sender.id, scopes: ["messages.send"], allowed_channel_ids: [text] },
            { token: owner.token },
          )
        ).status,
      ).toBe(201);
      const hookBots = await Promise.all([0, 1, 2].map(() => createBot(server!.url, owner.token)));
      const loginUsers = await Promise.all(Array.from({ length: 6 }, () => registerUser(server!.url)));
      const refreshUsers = await Promise.all(Array.from({ length: 6 }, () => registerUser(server!.url)));
      const twoFaStart = await Promise.all(Array.from({ length: 4 }, () => registerUser(server!.url)));
      const twoFaFinish = await Promise.all(Array.from({ length: 4 }, () => registerUser(server!.url)));
      const secrets = await Promise.all(
        twoFaFinish.map(
          async (u) =>
            (await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token })).body.secret as string,
        ),
      );
      const codes = await Promise.all(secrets.map((secret) => generate({ secret })));

      type Check = (r: Reply) => void;
      const burst: [Promise<Reply>, Check][] = [];
      const add = (p: Promise<Reply>, check: Check) => burst.push([p, check]);
      const newNames = Array.from({ length: 8 }, (_, i) => `c_${tag}_${i}`);
      for (const name of newNames) {
        add(http.post("/api/auth/register", { username: name, email: `${name}@example.test`, password: "concurrency-pw-1" }), (r) =>
          expect(r).toMatchObject({ status: 201, body: { user: { username: name, email: `${name}@example.test` } } }),
        );
      }
      for (const u of loginUsers) {
        add(http.post("/api/auth/login", { login: u.username, password: u.password }), (r) =>
          expect(r).toMatchObject({ status: 200, body: { requires_2fa: false, user: { id: u.id } } }),
        );
      }
      const spaceNames = Array.from({ length: 6 }, (_, i) => `Burst ${tag} ${i}`);
      for (const name of spaceNames)
        add(http.post("/api/spaces", { name }, { token: owner.token }), (r) =>
          expect(r).toMatchObject({ status: 201, body: { name, owner_id: owner.id } }),
        );
      const botNames = Array.from({ length: 6 }, (_, i) => `b_${tag}_${i}`);
      for (const username of botNames)
        add(http.post("/api/bots", { username }, { token: owner.token }), (r) =>
          expect(r).toMatchObject({ status: 201, body: { bot: { username, owner_id: owner.id } } }),
        );
      for (let i = 0; i < 6; i++) {
        const bot = hookBots[i % 3]!;
        add(
          http.post(`/api/bots/${bot.id}/webhooks`, { url: `${receiver.url}?n=${i}`, events: ["webhook.ping"] }, { token: owner.token }),
          (r) => expect(r).toMatchObject({ status: 201, body: { url: `${receiver!.url}?n=${i}`, state: "active" } }),
        );
      }
      const contents = Array.from({ length: 8 }, (_, i) => `burst message ${i}`);
      for (const content of contents) {
        add(http.post(`/api/bot/spaces/${space.id}/channels/${text}/messages`, { content }, { bot: sender.token }), (r) =>
          expect(r).toMatchObject({ status: 201, body: { content, channel_id: text } }),
        );
      }
      const refreshed = new Map<string, string>();
      for (const u of refreshUsers) {
        add(http.post("/api/auth/refresh", { refresh_token: u.refreshToken }), (r) => {
          expect(r).toMatchObject({ status: 200, body: { user: { id: u.id } } });
          expect(r.body.refresh_token).not.toBe(u.refreshToken);
          refreshed.set(u.id, r.body.refresh_token);
        });
      }
      for (const u of twoFaStart) {
        add(http.post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token }), (r) =>
          expect(r).toMatchObject({ status: 200, body: { enabled: false, secret: expect.stringMatching(/^[A-Z2-7]+=*$/) } }),
        );
      }
      twoFaFinish.forEach((u, i) => {
        add(http.post("/api/auth/toggle-2fa", { enable: true, password: u.password, code: codes[i] }, { token: u.token }), (r) => {
          expect(r).toMatchObject({ status: 200, body: { enabled: true } });
          expect(r.body.recovery_codes).toHaveLength(10);
        });
      });
      // Each of these opens a transaction whose insert hits the unique username and rolls back.
      for (let i = 0; i < 8; i++) {
        add(http.post("/api/bots", { username: sender.username }, { token: owner.token }), (r) =>
          expect(r).toMatchObject({ status: 409, body: { detail: "username already taken" } }),
        );
      }
      expect(burst.length).toBeGreaterThanOrEqual(40);

      const replies = await Promise.all(burst.map(([p]) => p));
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      replies.forEach((r, i) => burst[i]![1](r));

      // Every write is still there.
      for (const name of newNames)
        expect((await http.post("/api/auth/login", { login: name, password: "concurrency-pw-1" })).status).toBe(200);
      const mySpaces = (await http.get("/api/spaces/my", { token: owner.token })).body as { name: string }[];
      expect(mySpaces.map((s) => s.name)).toEqual(expect.arrayContaining(spaceNames));
      const myBots = (await http.get("/api/bots", { token: owner.token })).body as { username: string }[];
      expect(myBots.map((b) => b.username)).toEqual(expect.arrayContaining(botNames));
      expect(myBots.filter((b) => b.username === sender.username)).toHaveLength(1);
      for (const bot of hookBots) expect((await http.get(`/api/bots/${bot.id}/webhooks`, { token: owner.token })).body).toHaveLength(2);
      const listed = (await http.get(`/api/bot/spaces/${space.id}/channels/${text}/messages?limit=50`, { bot: sender.token })).body as {
        content: string;
      }[];
      // (The channel also holds the service message of the bot's install.)
      expect(
        listed
          .map((m) => m.content)
          .filter((c) => c.startsWith("burst "))
          .sort(),
      ).toEqual([...contents].sort());
      for (const u of refreshUsers) expect((await http.post("/api/auth/refresh", { refresh_token: refreshed.get(u.id) })).status).toBe(200);
      for (const u of twoFaFinish)
        expect((await http.get("/api/auth/me", { token: u.token })).body).toMatchObject({ id: u.id, two_factor_enabled: true });
      expect(server!.logs()).not.toContain('"level":"error"');

      // A delivery that stays pending across the restart below: the receiver fails its first attempt.
      receiver.respond((_r, res) => void res.writeHead(500).end());
      const created = await http.post(
        `/api/bots/${hookBots[0]!.id}/webhooks`,
        { url: receiver.url, events: ["webhook.ping"] },
        { token: owner.token },
      );
      const before = receiver.received.length;
      const ping = await http.post(`/api/bots/${hookBots[0]!.id}/webhooks/${created.body.id}/ping`, undefined, { token: owner.token });
      expect(ping.status).toBe(202);
      hook = { botId: hookBots[0]!.id, webhookId: created.body.id, deliveryId: ping.body.delivery_id };
      await receiver.waitFor(before + 1);
      await expect
        .poll(
          async () => (await http.get(`/api/bots/${hook.botId}/webhooks/${hook.webhookId}/deliveries`, { token: owner.token })).body[0],
          { timeout: 10_000 },
        )
        .toMatchObject({ id: hook.deliveryId, status: "pending", attempts: 1, last_status_code: 500 });
    },
  );

  it("a restart on the same DATA_DIR keeps users, sessions (tokens still valid) and pending deliveries", { timeout: 180_000 }, async () => {
    const jwtSecret = readFileSync(join(dataDir, "jwt.secret"), "utf8");
    await server!.stop();
    // Make DATA_DIR what an earlier version left: everything owned by the superuser, no service role.
    const database = await startEmbeddedPostgres({ dataDir, log: createLogger("silent") });
    const admin = new pg.Client({ host: database.host, port: database.port, ...database.admin, database: "postgres" });
    await admin.connect();
    await admin.query("reassign owned by parley to postgres; drop owned by parley; drop role parley");
    await admin.end();
    await database.stop();
    rmSync(join(dataDir, "postgres-service.password"));
    receiver!.respond((_r, res) => void res.writeHead(200).end("ok"));
    const before = receiver!.received.length;
    server = await start();
    expect(server.logs()).not.toContain("first start");
    expect((await server.platform.db.raw("select rolsuper from pg_roles where rolname = current_user")).rows).toEqual([
      { rolsuper: false },
    ]);
    expect(readFileSync(join(dataDir, "jwt.secret"), "utf8")).toBe(jwtSecret);
    const http = api(server.url);
    // The access token and the refresh token issued before the restart still work.
    expect(await http.get("/api/auth/me", { token: owner.token })).toMatchObject({
      status: 200,
      body: { id: owner.id, username: owner.username },
    });
    expect((await http.post("/api/auth/refresh", { refresh_token: owner.refreshToken })).status).toBe(200);
    expect((await http.post("/api/auth/login", { login: owner.username, password: owner.password })).status).toBe(200);
    // The pending delivery is delivered, same id, with no new ping.
    const [again] = (await receiver!.waitFor(before + 1, 60_000)).slice(before);
    expect(again!.headers["x-service-delivery"]).toBe(hook.deliveryId);
    await expect
      .poll(
        async () =>
          (await http.get(`/api/bots/${hook.botId}/webhooks/${hook.webhookId}/deliveries`, { token: owner.token })).body[0]?.status,
        { timeout: 10_000 },
      )
      .toBe("delivered");
    // Command versions continue from the stored rows.
    const changed = await http.put(
      "/api/bot/commands",
      { commands: [{ ...commands[0], description: "Roll some dice" }, commands[1]] },
      { bot: commandBot.token },
    );
    expect(changed.body.map((c: { name: string; version: number }) => [c.name, c.version])).toEqual([
      ["ping", 1],
      ["roll", 2],
    ]);
  });
});
