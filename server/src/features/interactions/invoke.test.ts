// Invocation over HTTP against a real server: the check order and texts of docs/bots.md#invocations, every option rule
// with its edge values, the (user, bot) rate limit, the catalog's filters and order, and 422s for bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { call } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { insertSpace } from "../../../../test/helpers/fixtures.ts";
import { newId } from "../../platform/ids.ts";
import { installBot, world, type World } from "../../../../test/helpers/interactions.ts";
import { LimiterUnavailable, type LimiterFactory } from "../../platform/limiter.ts";
import { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import { HttpError, LIMITER_UNAVAILABLE } from "../../platform/errors.ts";
import { createRateLimits } from "../ratelimits/index.ts";
import { InteractionsService } from "./service.ts";
import { InteractionTokens } from "./token.ts";
import { interactionMetrics } from "./metrics.ts";
import { Registry } from "prom-client";

let server: TestServer;
let w: World;

const VALIDATING = [
  {
    name: "v",
    description: "Every option type",
    options: [
      { name: "req_i", type: "integer", description: "required integer", required: true },
      { name: "i", type: "integer", description: "bounded integer", min: -5, max: 10 },
      { name: "n", type: "number", description: "bounded number", min: 0.5, max: 2.5 },
      {
        name: "s",
        type: "string",
        description: "string choice",
        choices: [
          { name: "A", value: "a" },
          { name: "B", value: "b" },
        ],
      },
      {
        name: "ic",
        type: "integer",
        description: "integer choice",
        choices: [
          { name: "one", value: 1 },
          { name: "two", value: 2 },
        ],
      },
      { name: "nc", type: "number", description: "number choice", choices: [{ name: "x", value: 1.5 }] },
      {
        name: "cm",
        type: "integer",
        description: "choice and range",
        choices: [
          { name: "big", value: 50 },
          { name: "small", value: 1 },
        ],
        min: 2,
      },
      { name: "b", type: "boolean", description: "flag" },
      { name: "u", type: "user", description: "a user" },
      { name: "c", type: "channel", description: "a channel" },
      { name: "t", type: "string", description: "text" },
    ],
  },
  { name: "ping", description: "Ping" },
];

beforeAll(async () => {
  server = await startTestServer();
  w = await world(server, { commands: VALIDATING });
});
afterAll(() => server?.stop());

const bad = (detail: string) => ({ status: 400, body: { detail } });

describe("option validation and coercion", () => {
  it("required, then type, per declared option in order; the first failing option is reported", async () => {
    const u = await w.member();
    expect(await w.invoke(u, { command: "v", options: {} })).toMatchObject(bad("missing required option: req_i"));
    expect(await w.invoke(u, { command: "v" })).toMatchObject(bad("missing required option: req_i"));
    expect(await w.invoke(u, { command: "v", options: { req_i: null } })).toMatchObject(bad("missing required option: req_i"));
    // Missing required beats a bad later option; a bad earlier option beats a bad later one.
    expect(await w.invoke(u, { command: "v", options: { i: "x", n: true } })).toMatchObject(bad("missing required option: req_i"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, i: "x", n: true } })).toMatchObject(bad("option i: bad integer value"));
  });

  it('integer: JSON integers, 5.0 and whole-decimal strings pass; booleans, 5.5, "5.5", "" do not', async () => {
    const u = await w.member();
    // eslint-disable-next-line no-loss-of-precision -- past 2^53 on purpose: the server must refuse what JSON cannot carry exactly
    for (const v of [true, false, 5.5, "5.5", "", " 5", "5x", "1e3", [], {}, 9007199254740993])
      expect(await w.invoke(u, { command: "v", options: { req_i: v } }), JSON.stringify(v)).toMatchObject(
        bad("option req_i: bad integer value"),
      );
    for (const v of [5, "5", "-3", 0])
      expect((await w.invoke(u, { command: "v", options: { req_i: v } })).status, JSON.stringify(v)).toBe(202);
    const raw = await call(server.url, "POST", `/api/chat/${w.space.id}/${w.space.generalId}/commands/invoke`, {
      token: u.token,
      raw: `{"bot_user_id":"${w.bot.id}","command":"v","options":{"req_i":5.0}}`,
    });
    expect(raw.status).toBe(202);
  });

  it("min/max on both sides for integers and numbers, edges inclusive", async () => {
    const u = await w.member();
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, i: -6 } })).toMatchObject(bad("option i: below min -5"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, i: "11" } })).toMatchObject(bad("option i: above max 10"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, n: 0.49 } })).toMatchObject(bad("option n: below min 0.5"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, n: "2.51" } })).toMatchObject(bad("option n: above max 2.5"));
    for (const options of [{ i: -5 }, { i: 10 }, { n: 0.5 }, { n: "2.5" }, { n: 1 }])
      expect((await w.invoke(u, { command: "v", options: { req_i: 1, ...options } })).status, JSON.stringify(options)).toBe(202);
  });

  it("number: finite numbers and numeric strings; booleans and non-numeric strings refused", async () => {
    const u = await w.member();
    for (const v of [true, "", "abc", "1.2.3", "Infinity", "NaN", "0x1", "1e400", []])
      expect(await w.invoke(u, { command: "v", options: { req_i: 1, n: v } }), JSON.stringify(v)).toMatchObject(
        bad("option n: bad number value"),
      );
    expect((await w.invoke(u, { command: "v", options: { req_i: 1, n: "1.5e0" } })).status).toBe(202);
  });

  it("choices on strings, integers and numbers; choices are checked before min/max", async () => {
    const u = await w.member();
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, s: "c" } })).toMatchObject(bad("option s: value not in choices"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, s: "A" } })).toMatchObject(bad("option s: value not in choices"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, s: 1 } })).toMatchObject(bad("option s: bad string value"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, ic: 3 } })).toMatchObject(bad("option ic: value not in choices"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, ic: 1.5 } })).toMatchObject(bad("option ic: bad integer value"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, nc: 1.4 } })).toMatchObject(bad("option nc: value not in choices"));
    // 1 is a choice but below min 2; 3 is in range but no choice: choices first either way.
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, cm: 3 } })).toMatchObject(bad("option cm: value not in choices"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, cm: 1 } })).toMatchObject(bad("option cm: below min 2"));
    for (const options of [{ s: "b" }, { ic: "2" }, { nc: "1.5" }, { cm: 50 }])
      expect((await w.invoke(u, { command: "v", options: { req_i: 1, ...options } })).status, JSON.stringify(options)).toBe(202);
  });

  it("boolean, user, channel and string take only their own forms", async () => {
    const u = await w.member();
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, b: "true" } })).toMatchObject(bad("option b: bad boolean value"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, b: 1 } })).toMatchObject(bad("option b: bad boolean value"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, u: "not-a-uuid" } })).toMatchObject(bad("option u: bad user value"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, c: 12 } })).toMatchObject(bad("option c: bad channel value"));
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, t: false } })).toMatchObject(bad("option t: bad string value"));
    const ok = await w.invoke(u, { command: "v", options: { req_i: 1, b: false, u: newId().toUpperCase(), c: w.space.generalId, t: "" } });
    expect(ok.status).toBe(202);
  });

  it("undeclared options are dropped silently and not counted in the size", async () => {
    const u = await w.member();
    const res = await w.invoke(u, { command: "v", options: JSON.parse(`{"req_i":1,"zzz":"${"x".repeat(5000)}","__proto__":{"a":1}}`) });
    expect(res.status).toBe(202);
  });

  it("1024 UTF-8 bytes in total over the string forms: 1024 passes, 1025 fails, multibyte counted in bytes", async () => {
    const u = await w.member();
    const tooBig = bad("invocation exceeds 1024 plaintext bytes");
    // req_i "1" is 1 byte.
    expect((await w.invoke(u, { command: "v", options: { req_i: 1, t: "a".repeat(1023) } })).status).toBe(202);
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, t: "a".repeat(1024) } })).toMatchObject(tooBig);
    // "é" is 2 bytes: 1 + 511 × 2 + 1 = 1024; 1 + 512 × 2 = 1025 in only 512 characters.
    expect((await w.invoke(u, { command: "v", options: { req_i: 1, t: "é".repeat(511) + "a" } })).status).toBe(202);
    expect(await w.invoke(u, { command: "v", options: { req_i: 1, t: "é".repeat(512) } })).toMatchObject(tooBig);
    // Booleans and numbers count as their JSON text: "true" 4, "-5" 2, "2.5" 3, the coerced integer "7" 1.
    expect(
      (await w.invoke(u, { command: "v", options: { req_i: "7", b: true, i: -5, n: 2.5, t: "a".repeat(1024 - 1 - 4 - 2 - 3) } })).status,
    ).toBe(202);
    expect(
      await w.invoke(u, { command: "v", options: { req_i: "7", b: true, i: -5, n: 2.5, t: "a".repeat(1025 - 1 - 4 - 2 - 3) } }),
    ).toMatchObject(tooBig);
  });
});

describe("check order: each check fails while every later one would fail too", () => {
  // Later failures present in every case below: an unknown command and bad options.
  const doomed = { command: "nope", options: { req_i: "x" } };

  it("caller not a member, or channel not in the space → 404", async () => {
    const stranger = await registerUser(server.url);
    expect((await w.invoke(stranger, doomed)).status).toBe(404);
    const other = await insertSpace(server.platform.db, w.owner.id);
    const u = await w.member();
    expect((await w.invoke(u, doomed, other.generalId)).status).toBe(404);
    expect((await w.invoke(u, doomed, newId())).status).toBe(404);
  });

  it("caller muted → 403 `you are muted` (before the bot is even looked up)", async () => {
    const u = await w.member();
    const m = await server.platform.db("members").where({ space_id: w.space.id, user_id: u.id }).first();
    const mute = await w.http.post(`/api/spaces/${w.space.id}/members/${m.id}/mute`, { duration_seconds: 600 }, { token: w.owner.token });
    expect(mute.status).toBe(200);
    expect(await w.invoke(u, { ...doomed, bot_user_id: newId() })).toMatchObject({ status: 403, body: { detail: "you are muted" } });
    expect(await w.invoke(u, { command: "ping" })).toMatchObject({ status: 403, body: { detail: "you are muted" } });
  });

  it("bot with no membership, membership suspended or revoked, bot suspended or deleted → 404 `bot not found in this space`", async () => {
    const u = await w.member();
    const notFound = { status: 404, body: { detail: "bot not found in this space" } };
    const stranger = await createBot(server.url, w.owner.token);
    expect(await w.invoke(u, { ...doomed, bot_user_id: stranger.id })).toMatchObject(notFound);
    expect(await w.invoke(u, { ...doomed, bot_user_id: newId() })).toMatchObject(notFound);

    // Each bot below would also fail channel access (voice channel not allowed), scope and command.
    const mk = () => installBot(server, w.owner, w.space.id, { channels: [w.space.generalId], scopes: [] });
    const suspended = await mk();
    expect(
      (await w.http.patch(`/api/spaces/${w.space.id}/bots/${suspended.id}`, { state: "suspended" }, { token: w.owner.token })).status,
    ).toBe(200);
    const revoked = await mk();
    expect((await w.http.del(`/api/spaces/${w.space.id}/bots/${revoked.id}`, { token: w.owner.token })).status).toBe(204);
    const deleted = await mk();
    expect((await w.http.del(`/api/bots/${deleted.id}`, { token: w.owner.token })).status).toBe(204);
    const botSuspended = await mk();
    await server.platform.db("bots").where({ user_id: botSuspended.id }).update({ state: "suspended" });
    for (const b of [suspended, revoked, deleted, botSuspended])
      expect(await w.invoke(u, { ...doomed, bot_user_id: b.id }, w.space.voiceId)).toMatchObject(notFound);
  });

  it("channel not allowed → 403 `bot has no access to this channel`, before the scope", async () => {
    const u = await w.member();
    const noScope = await installBot(server, w.owner, w.space.id, { channels: [w.space.generalId], scopes: ["messages.send"] });
    expect(await w.invoke(u, { ...doomed, bot_user_id: noScope.id }, w.space.voiceId)).toMatchObject({
      status: 403,
      body: { detail: "bot has no access to this channel" },
    });
    expect(await w.invoke(u, { command: "v", options: { req_i: 1 } }, w.space.voiceId)).toMatchObject({
      status: 403,
      body: { detail: "bot has no access to this channel" },
    });
  });

  it("no `commands` scope → 403 `missing scope: commands`, before the command", async () => {
    const u = await w.member();
    const noScope = await installBot(server, w.owner, w.space.id, { channels: [w.space.generalId], scopes: ["messages.send"] });
    expect(await w.invoke(u, { ...doomed, bot_user_id: noScope.id })).toMatchObject({
      status: 403,
      body: { detail: "missing scope: commands" },
    });
    expect(await w.invoke(u, { bot_user_id: noScope.id, command: "ping" })).toMatchObject({
      status: 403,
      body: { detail: "missing scope: commands" },
    });
  });

  it("unknown, disabled or slash-prefixed command → 404 `unknown command`, before the options; names are trimmed and lowercased", async () => {
    const u = await w.member();
    const unknown = { status: 404, body: { detail: "unknown command" } };
    expect(await w.invoke(u, doomed)).toMatchObject(unknown);
    expect(await w.invoke(u, { command: "/v", options: { req_i: 1 } })).toMatchObject(unknown);
    expect(await w.invoke(u, { command: "v/x" })).toMatchObject(unknown);
    const own = await installBot(server, w.owner, w.space.id, { channels: [w.space.generalId] });
    expect((await w.http.patch("/api/bot/commands/roll", { enabled: false }, { bot: own.token })).status).toBe(200);
    expect(await w.invoke(u, { bot_user_id: own.id, command: "roll", options: {} })).toMatchObject(unknown);
    expect((await w.invoke(u, { bot_user_id: own.id, command: "  PiNg " })).status).toBe(202);
  });

  it("options are validated before the rate limit; the 21st invocation → 429 with Retry-After 60", async () => {
    const u = await w.member();
    for (let i = 0; i < 20; i++) expect((await w.invoke(u, { command: "ping" })).status).toBe(202);
    expect(await w.invoke(u, { command: "v", options: {} })).toMatchObject(bad("missing required option: req_i"));
    const limited = await w.invoke(u, { command: "ping" });
    expect(limited).toMatchObject({ status: 429, body: { detail: `cmd:${u.id}:${w.bot.id} > 20/60s` } });
    expect(limited.headers.get("retry-after")).toBe("60");
    // The limit is per (user, bot): another user, or the same user with another bot, goes through.
    expect((await w.invoke(await w.member(), { command: "ping" })).status).toBe(202);
    const other = await installBot(server, w.owner, w.space.id, { channels: [w.space.generalId] });
    expect((await w.invoke(u, { bot_user_id: other.id, command: "ping" })).status).toBe(202);
    // Outcomes are counted by class, never by value.
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    for (const result of ["ok", "invalid_options", "rate_limited"])
      expect(metrics).toMatch(new RegExp(`^command_invocations_total\\{result="${result}"\\} [1-9]`, "m"));
    expect(metrics).toMatch(/^command_invoke_duration_seconds_count\{result="ok"\} [1-9]/m);
  });

  it("an invocation refused by an earlier check costs no try, sent one by one or all at once", async () => {
    // The limit is counted while the checks read (one round trip fewer); a refused invocation takes it back.
    const u = await w.member();
    for (let i = 0; i < 10; i++)
      expect(await w.invoke(u, { command: "v", options: {} })).toMatchObject(bad("missing required option: req_i"));
    const refused = await Promise.all(
      Array.from({ length: 30 }, (_, i) => w.invoke(u, i % 2 ? { command: "nope" } : { command: "v", options: { req_i: "x" } })),
    );
    expect(refused.map((r) => r.status).sort()).toEqual([...Array(15).fill(400), ...Array(15).fill(404)]);
    const valid = await Promise.all(Array.from({ length: 25 }, () => w.invoke(u, { command: "ping" })));
    expect(valid.filter((r) => r.status === 202)).toHaveLength(20);
    expect(valid.filter((r) => r.status === 429)).toHaveLength(5);
  });
});

describe("fail-closed limiter", () => {
  // The service against the real database and dispatcher, behind the real bot-API limits on a limiter store that
  // does not answer: the 429 is ratelimits' own, and it is counted as `limiter_unavailable` from its type.
  it("answers 429 `rate limiter temporarily unavailable — retry shortly` with Retry-After 5, after the option checks", async () => {
    const p = server.platform;
    const down: LimiterFactory = {
      create: (spec) => ({
        spec,
        consume: () => Promise.reject(new LimiterUnavailable(new Error("down"))),
        reward: () => Promise.reject(new Error("down")),
      }),
      consumeAll: () => Promise.reject(new LimiterUnavailable(new Error("down"))),
    };
    const registry = new Registry();
    const limits = createRateLimits(down, registry, p.log);
    const s = new InteractionsService({
      db: p.db,
      clock: p.clock,
      log: p.log,
      dispatcher: server.webhooks.dispatcher,
      realtime: new RealtimePublisher(p.pubsub),
      installs: undefined as never,
      tokens: new InteractionTokens("x".repeat(32), Date.now),
      metrics: interactionMetrics(registry),
      countInvoke: (u, b) => limits.countInvoke(u, b),
      respondLimit: async () => {}, // not reached: this test only invokes
    });
    const u = await w.member();
    const err = await s.invoke(u.id, w.space.id, w.space.generalId, { bot_user_id: w.bot.id, command: "ping" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 429, detail: LIMITER_UNAVAILABLE, headers: { "Retry-After": "5" } });
    const invalid = await s
      .invoke(u.id, w.space.id, w.space.generalId, { bot_user_id: w.bot.id, command: "v", options: {} })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, detail: "missing required option: req_i" });
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/^command_invocations_total\{result="limiter_unavailable"\} 1$/m);
    expect(metrics).toMatch(/^command_invocations_total\{result="invalid_options"\} 1$/m);
    expect(metrics).not.toMatch(/result="rate_limited"/);
  });
});

describe("bad input", () => {
  it("422 for schema failures: bot id, command length, options type; 401 without a token", async () => {
    const u = await w.member();
    const url = `/api/chat/${w.space.id}/${w.space.generalId}/commands/invoke`;
    for (const body of [
      { bot_user_id: "nope", command: "ping" },
      { bot_user_id: w.bot.id, command: "" },
      { bot_user_id: w.bot.id, command: "x".repeat(33) },
      { bot_user_id: w.bot.id, command: "ping", options: [1] },
      { bot_user_id: w.bot.id, command: "ping", options: "x" },
      { command: "ping" },
    ])
      expect((await w.http.post(url, body, { token: u.token })).status, JSON.stringify(body)).toBe(422);
    expect(
      (
        await w.http.post(
          `/api/chat/not-a-uuid/${w.space.generalId}/commands/invoke`,
          { bot_user_id: w.bot.id, command: "ping" },
          { token: u.token },
        )
      ).status,
    ).toBe(422);
    expect((await w.http.post(url, { bot_user_id: w.bot.id, command: "ping" })).status).toBe(401);
    expect((await w.http.get(`/api/chat/${w.space.id}/${w.space.generalId}/commands`)).status).toBe(401);
  });
});

describe("catalog", () => {
  it("lists enabled commands of ACTIVE bots with `commands` and this channel, by bot username then name", async () => {
    const owner = await registerUser(server.url);
    const space = await insertSpace(server.platform.db, owner.id);
    const tag = newId().slice(-8);
    const cmds = (...names: string[]) => names.map((name) => ({ name, description: `d ${name}`, options: [] }));
    const b = await installBot(server, owner, space.id, {
      username: `b_${tag}`,
      channels: [space.generalId],
      commands: cmds("zeta", "alpha", "off"),
    });
    const a = await installBot(server, owner, space.id, {
      username: `A_${tag}`,
      channels: [space.generalId, space.voiceId],
      commands: [...cmds("mid"), VALIDATING[0]],
    });
    await installBot(server, owner, space.id, { username: `c_noscope_${tag}`, channels: [space.generalId], scopes: ["messages.send"] });
    await installBot(server, owner, space.id, { username: `d_voice_${tag}`, channels: [space.voiceId] });
    const sus = await installBot(server, owner, space.id, { username: `e_sus_${tag}`, channels: [space.generalId] });
    await w.http.patch(`/api/spaces/${space.id}/bots/${sus.id}`, { state: "suspended" }, { token: owner.token });
    const gone = await installBot(server, owner, space.id, { username: `f_gone_${tag}`, channels: [space.generalId] });
    await w.http.del(`/api/bots/${gone.id}`, { token: owner.token });
    await w.http.patch("/api/bot/commands/off", { enabled: false }, { bot: b.token });

    const res = await w.http.get(`/api/chat/${space.id}/${space.generalId}/commands`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.commands.map((c: any) => `${c.bot_username}/${c.name}`)).toEqual([
      `A_${tag}/mid`,
      `A_${tag}/v`,
      `b_${tag}/alpha`,
      `b_${tag}/zeta`,
    ]);
    const v = res.body.commands[1];
    expect(v).toEqual({
      bot_user_id: a.id,
      bot_username: `A_${tag}`,
      bot_display_name: null,
      name: "v",
      description: "Every option type",
      options: expect.any(Array),
      version: 1,
    });
    expect(v.options[0]).toEqual({ name: "req_i", type: "integer", description: "required integer", required: true });
    const voice = await w.http.get(`/api/chat/${space.id}/${space.voiceId}/commands`, { token: owner.token });
    expect(voice.body.commands.map((c: any) => c.bot_username)).toEqual([`A_${tag}`, `A_${tag}`, `d_voice_${tag}`, `d_voice_${tag}`]);
  });

  it("404 for a non-member and for a channel of another space; an empty list is {commands: []}", async () => {
    const stranger = await registerUser(server.url);
    expect((await w.http.get(`/api/chat/${w.space.id}/${w.space.generalId}/commands`, { token: stranger.token })).status).toBe(404);
    const other = await insertSpace(server.platform.db, w.owner.id);
    expect((await w.http.get(`/api/chat/${w.space.id}/${other.generalId}/commands`, { token: w.owner.token })).status).toBe(404);
    expect((await w.http.get(`/api/chat/${other.id}/${other.generalId}/commands`, { token: w.owner.token })).body).toEqual({
      commands: [],
    });
  });
});
