// Embedded mode (no DATABASE_URL, no REDIS_URL): PGlite under DATA_DIR and in-process adapters. The same
// requests as against PostgreSQL + Redis, then a restart on the same DATA_DIR to show the data is kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { api } from "./helpers/http.ts";
import { insertBot } from "./helpers/fixtures.ts";

const dataDir = mkdtempSync(join(tmpdir(), "parley-embedded-smoke-"));
let server: TestServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const commands = [
  { name: "Roll", description: "Roll dice", options: [{ name: "sides", type: "integer", description: "faces", required: true, min: 2, max: 100 }] },
  { name: "ping", description: "Answers pong" },
];

describe("embedded mode", () => {
  let bot: { id: string; token: string };

  // The first start creates the PGlite cluster and runs every migration: allow it time on a slow machine.
  it("serves health, readiness and the bot command registry", { timeout: 120_000 }, async () => {
    server = await startTestServer({ embedded: true, dataDir });
    expect(server.platform.redis).toBeUndefined();
    expect(server.platform.queues.backend).toBe("postgres");
    const http = api(server.url);
    expect(await http.get("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await http.get("/readyz")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect((await http.get("/api/openapi.json")).body.info.version).toBe("0.3.0");

    bot = await insertBot(server.platform.db);
    const put = await http.put("/api/bot/commands", { commands }, { bot: bot.token });
    expect(put.status).toBe(200);
    expect(put.body.map((c: { name: string; version: number }) => [c.name, c.version])).toEqual([["ping", 1], ["roll", 1]]);
    expect((await http.get("/api/bot/commands", { bot: bot.token })).body).toEqual(put.body);
    // A rule of spec 4.5 behaves the same here as on PostgreSQL.
    const dup = await http.put("/api/bot/commands", { commands: [commands[1], commands[1]] }, { bot: bot.token });
    expect(dup).toMatchObject({ status: 400, body: { detail: "duplicate command name: ping" } });
    expect(await http.get("/api/bot/commands")).toMatchObject({ status: 401, body: { detail: "Bot token required" } });
  });

  it("keeps its data across a restart on the same DATA_DIR", { timeout: 120_000 }, async () => {
    await server!.stop();
    server = await startTestServer({ embedded: true, dataDir });
    const http = api(server.url);
    expect((await http.get("/readyz")).status).toBe(200);
    const list = await http.get("/api/bot/commands", { bot: bot.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(["ping", "roll"]);
    // Versioning continues from the stored rows: a changed description bumps roll to 2.
    const changed = await http.put("/api/bot/commands", { commands: [{ ...commands[0], description: "Roll some dice" }, commands[1]] }, { bot: bot.token });
    expect(changed.body.map((c: { name: string; version: number }) => [c.name, c.version])).toEqual([["ping", 1], ["roll", 2]]);
    const audit = await server.platform.db("audit_log").where({ action: "command.register", actor_id: bot.id });
    expect(audit).toHaveLength(2);
  });
});
