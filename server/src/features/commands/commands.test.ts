// The bot command registry (docs/bots.md#commands) through HTTP against PostgreSQL + Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { insertBot } from "../../../../test/helpers/fixtures.ts";

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
});
afterAll(() => server?.stop());

const opt = (o: Record<string, unknown>) => ({ description: "an option", type: "string", ...o });
const cmd = (o: Record<string, unknown>) => ({ description: "a command", ...o });

async function freshBot() {
  const bot = await insertBot(server.platform.db);
  return {
    ...bot,
    put: (commands: unknown[]) => http.put("/api/bot/commands", { commands }, { bot: bot.token }),
    list: () => http.get("/api/bot/commands", { bot: bot.token }),
  };
}

describe("PUT /api/bot/commands", () => {
  it("normalises names and descriptions and starts at version 1, enabled", async () => {
    const bot = await freshBot();
    const res = await bot.put([
      cmd({
        name: "  Roll ",
        description: "  Roll dice  ",
        options: [opt({ name: "Sides", type: "integer", required: true, min: 2, max: 100 })],
      }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        name: "roll",
        description: "Roll dice",
        version: 1,
        enabled: true,
        options: [{ name: "sides", type: "integer", description: "an option", required: true, min: 2, max: 100 }],
      },
    ]);
  });

  it("rule 1: duplicate names after normalisation are a 400", async () => {
    const bot = await freshBot();
    const res = await bot.put([cmd({ name: "echo" }), cmd({ name: " ECHO" })]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("duplicate command name: echo");
    expect((await bot.list()).body).toEqual([]);
  });

  it("rule 2: a bad charset is a 400, a length outside 1–32 a 422", async () => {
    const bot = await freshBot();
    for (const name of ["/roll", "hello world", "émoji", "a.b"]) {
      const res = await bot.put([cmd({ name })]);
      expect(res.status, name).toBe(400);
      expect(res.body.detail).toBe(`invalid command name: ${JSON.stringify(name)} (allowed: a-z, 0-9, _ and -)`);
    }
    const long = await bot.put([cmd({ name: "a".repeat(33) })]);
    expect(long.status).toBe(422);
    expect(long.body.errors[0]).toMatchObject({ location: "body", path: "/commands/0/name", code: "maxLength" });
    expect(long.body.detail).toBe("body /commands/0/name: must NOT have more than 32 characters");
    expect((await bot.put([cmd({ name: "" })])).status).toBe(422);
    // Option names follow the same split.
    expect((await bot.put([cmd({ name: "x", options: [opt({ name: "bad name" })] })])).status).toBe(400);
    expect((await bot.put([cmd({ name: "x", options: [opt({ name: "o".repeat(33) })] })])).status).toBe(422);
  });

  it("rule 3: a description outside 1–100 is a 422; empty after trimming a 400", async () => {
    const bot = await freshBot();
    expect((await bot.put([cmd({ name: "x", description: "d".repeat(101) })])).status).toBe(422);
    expect((await bot.put([cmd({ name: "x", description: "" })])).status).toBe(422);
    const blank = await bot.put([cmd({ name: "x", description: "   " })]);
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe("command x: description is empty");
    expect((await bot.put([cmd({ name: "x", options: [opt({ name: "o", description: "  " })] })])).status).toBe(400);
    expect((await bot.put([cmd({ name: "x", description: "d".repeat(100) })])).status).toBe(200);
  });

  it("rule 4: more than 25 options or more than 100 commands is a 422", async () => {
    const bot = await freshBot();
    const options = (n: number) => Array.from({ length: n }, (_, i) => opt({ name: `o${i}` }));
    expect((await bot.put([cmd({ name: "x", options: options(25) })])).status).toBe(200);
    const many = await bot.put([cmd({ name: "x", options: options(26) })]);
    expect(many.status).toBe(422);
    expect(many.body.errors[0]).toMatchObject({ path: "/commands/0/options", code: "maxItems" });
    const commands = (n: number) => Array.from({ length: n }, (_, i) => cmd({ name: `c${i}` }));
    expect((await bot.put(commands(101))).status).toBe(422);
    const hundred = await bot.put(commands(100));
    expect(hundred.status).toBe(200);
    expect(hundred.body).toHaveLength(100);
  });

  it("rule 5: an optional option before a required one is a 400", async () => {
    const bot = await freshBot();
    const res = await bot.put([cmd({ name: "x", options: [opt({ name: "a" }), opt({ name: "b", required: true })] })]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("required options must come before optional ones");
  });

  it("rule 6: unknown types and choices/min/max on unsupported types are 400s", async () => {
    const bot = await freshBot();
    const bad = await bot.put([cmd({ name: "x", options: [opt({ name: "a", type: "float" })] })]);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("bad option type");
    const cases: [string, Record<string, unknown>][] = [
      ["boolean", { choices: [{ name: "yes", value: "y" }] }],
      ["user", { choices: [{ name: "a", value: "a" }] }],
      ["string", { min: 1 }],
      ["boolean", { max: 1 }],
      ["channel", { min: 0, max: 1 }],
    ];
    for (const [type, extra] of cases) {
      const res = await bot.put([cmd({ name: "x", options: [opt({ name: "a", type, ...extra })] })]);
      expect(res.status, `${type} ${JSON.stringify(extra)}`).toBe(400);
    }
    // Choices of any JSON scalar reach the rule (registry rule 6, docs/bots.md#commands), not the schema's 422.
    const yes = await bot.put([
      cmd({ name: "x", options: [opt({ name: "a", type: "boolean", choices: [{ name: "yes", value: true }] })] }),
    ]);
    expect(yes.status).toBe(400);
    expect(yes.body.detail).toBe("option a: choices are not supported for type boolean");
    const nulls = await bot.put([
      cmd({ name: "x", options: [opt({ name: "a", type: "string", choices: [{ name: "none", value: null }] })] }),
    ]);
    expect(nulls.status).toBe(400);
    expect(nulls.body.detail).toBe("option a: choice value must be a string");
    // More than 25 choices is a schema matter.
    const choices = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: i }));
    expect((await bot.put([cmd({ name: "x", options: [opt({ name: "a", type: "integer", choices })] })])).status).toBe(422);
  });

  it("option types are spelled exactly: another spelling is 400 bad option type", async () => {
    const bot = await freshBot();
    for (const type of ["String", "INTEGER", " number", "Boolean"]) {
      const res = await bot.put([cmd({ name: "x", options: [opt({ name: "a", type })] })]);
      expect(res.status, type).toBe(400);
      expect(res.body.detail).toBe("bad option type");
    }
    expect((await bot.list()).body).toEqual([]);
  });

  it("keeps valid choices, cutting their names to 100 characters", async () => {
    const bot = await freshBot();
    const res = await bot.put([
      cmd({ name: "pick", options: [opt({ name: "n", type: "number", choices: [{ name: "x".repeat(150), value: 2.5 }] })] }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body[0].options[0].choices).toEqual([{ name: "x".repeat(100), value: 2.5 }]);
  });

  it("rule 7 and versioning: identical PUTs change nothing; only description/option changes bump the version", async () => {
    const bot = await freshBot();
    const v1 = [cmd({ name: "a", options: [opt({ name: "o", type: "integer", min: 1 })] }), cmd({ name: "b" })];
    const first = await bot.put(v1);
    const again = await bot.put(v1);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await bot.list()).body).toEqual(first.body);

    const changed = await bot.put([
      cmd({ name: "a", options: [opt({ name: "o", type: "integer", min: 2 })] }),
      cmd({ name: "b", description: "new" }),
      cmd({ name: "c" }),
    ]);
    expect(changed.body.map((c: any) => [c.name, c.version])).toEqual([
      ["a", 2],
      ["b", 2],
      ["c", 1],
    ]);

    // Whitespace and case differences normalise to the same definition: no bump.
    const same = await bot.put([
      cmd({ name: "A ", options: [opt({ name: " O", type: "integer", min: 2 })] }),
      cmd({ name: "b", description: " new " }),
      cmd({ name: "c" }),
    ]);
    expect(same.body.map((c: any) => c.version)).toEqual([2, 2, 1]);

    // Missing commands are deleted.
    const trimmed = await bot.put([cmd({ name: "c" })]);
    expect(trimmed.body.map((c: any) => c.name)).toEqual(["c"]);
    expect((await bot.put([])).body).toEqual([]);
  });

  it("writes a command.register audit entry with the registry's names and versions", async () => {
    const bot = await freshBot();
    await bot.put([cmd({ name: "zap" })]);
    const rows = await server.platform.db("audit_log").where({ action: "command.register", actor_id: bot.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toEqual({ commands: [{ name: "zap", version: 1 }] });
  });

  it("registries are per bot", async () => {
    const a = await freshBot();
    const b = await freshBot();
    await a.put([cmd({ name: "mine" })]);
    expect((await b.list()).body).toEqual([]);
  });

  it("answers 422 for a body that is not JSON or lacks commands, 413 for over 1 MiB", async () => {
    const bot = await freshBot();
    const notJson = await http.put("/api/bot/commands", undefined, { bot: bot.token, raw: "{nope" });
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors[0]).toMatchObject({ location: "body", code: "json" });
    const missing = await http.put("/api/bot/commands", {}, { bot: bot.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ location: "body", code: "required" });
    // Bodies are not coerced: a string where a boolean belongs is a schema error.
    const coerced = await bot.put([cmd({ name: "x", options: [opt({ name: "a", required: "true" })] })]);
    expect(coerced.status).toBe(422);
    expect(coerced.body.errors[0]).toMatchObject({ path: "/commands/0/options/0/required", code: "type" });
    const huge = await http.put("/api/bot/commands", undefined, {
      bot: bot.token,
      raw: JSON.stringify({ commands: [], pad: "x".repeat(1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
  });
});

describe("DELETE and PATCH /api/bot/commands/{name}", () => {
  it("deletes by normalised name, 404 when absent", async () => {
    const bot = await freshBot();
    await bot.put([cmd({ name: "gone" }), cmd({ name: "stay" })]);
    const del = await http.del("/api/bot/commands/%20GONE%20", { bot: bot.token });
    expect(del.status).toBe(204);
    expect((await bot.list()).body.map((c: any) => c.name)).toEqual(["stay"]);
    const again = await http.del("/api/bot/commands/gone", { bot: bot.token });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("unknown command");
  });

  it("enables and disables; PUT keeps the flag", async () => {
    const bot = await freshBot();
    await bot.put([cmd({ name: "t" })]);
    const off = await http.patch("/api/bot/commands/T", { enabled: false }, { bot: bot.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ name: "t", enabled: false, version: 1 });
    const put = await bot.put([cmd({ name: "t", description: "changed" })]);
    expect(put.body[0]).toMatchObject({ enabled: false, version: 2 });
  });
});

describe("bot authentication", () => {
  it("uses the exact texts of bot authentication and states", async () => {
    const none = await http.get("/api/bot/commands");
    expect(none).toMatchObject({ status: 401, body: { detail: "Bot token required" } });
    const bearer = await http.get("/api/bot/commands", { headers: { authorization: "Bearer abc" } });
    expect(bearer).toMatchObject({ status: 401, body: { detail: "Bot token required" } });
    const malformed = await http.get("/api/bot/commands", { bot: "bot_123" });
    expect(malformed).toMatchObject({ status: 401, body: { detail: "invalid bot token" } });
    const unknown = await http.get("/api/bot/commands", { bot: "bot_" + "a".repeat(48) });
    expect(unknown).toMatchObject({ status: 401, body: { detail: "invalid bot token" } });
    const suspended = await insertBot(server.platform.db, "suspended");
    expect(await http.get("/api/bot/commands", { bot: suspended.token })).toMatchObject({
      status: 403,
      body: { detail: "bot is suspended" },
    });
    const deleted = await insertBot(server.platform.db, "deleted");
    expect(await http.get("/api/bot/commands", { bot: deleted.token })).toMatchObject({ status: 403, body: { detail: "bot is deleted" } });
  });
});
