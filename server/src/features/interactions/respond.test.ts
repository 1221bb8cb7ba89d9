// The whole chain against real pieces: invoke over HTTP → `command.invoked` at a real receiver (signature checked
// with the `stripe` package), to the target bot only → respond → `interaction:response` on the invoker's real
// WebSockets only, also through a second server instance sharing PostgreSQL and Redis. Then the interaction
// token's failures, and privacy: no option value or reply in the database dump, the log or the metrics.
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";
import { installBot, world, type World } from "../../../../test/helpers/interactions.ts";
import { dumpRows } from "../../../../test/helpers/dump.ts";
import { InteractionTokens, TOKEN_TTL_SECONDS } from "./token.ts";

const stripe = new Stripe("sk_test_unused");

let server: TestServer;
let second: TestServer;
let w: World;
let target: Receiver;
let bystander: Receiver;
let secret: string;
let other: { id: string; token: string };
let otherHook: string;
const sockets: WsClient[] = [];

async function socket(srv: TestServer, token: string): Promise<WsClient> {
  const { client } = await WsClient.ready(srv.url, token);
  sockets.push(client);
  return client;
}

async function hook(botId: string, url: string, token = w.owner.token) {
  const res = await w.http.post(`/api/bots/${botId}/webhooks`, { url, events: ["command.invoked", "message.created"] }, { token });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

beforeAll(async () => {
  // One DATA_KEY for both instances: either one's worker may take a delivery and must read the webhook secret.
  const env = { WEBHOOK_RETRY_SCALE: "0.001", DATA_KEY: randomBytes(32).toString("base64") };
  server = await startTestServer({ env });
  // A second server instance on the same database and Redis: the reply must cross between them.
  second = await startTestServer({ env: { ...env, DATABASE_URL: server.env.DATABASE_URL!, REDIS_URL: server.env.REDIS_URL! } });
  [target, bystander] = await Promise.all([startReceiver(), startReceiver()]);
  w = await world(server);
  secret = (await hook(w.bot.id, target.url)).secret;
  // Another bot in the same channel, subscribed to command.invoked too: it must never hear of w.bot's invocations.
  other = await installBot(server, w.owner, w.space.id, { channels: [w.space.generalId] });
  otherHook = (await hook(other.id, bystander.url)).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([target?.close(), bystander?.close()]);
  await second?.stop();
  await server?.stop();
});

const respond = (token: string, body: Record<string, unknown>) => w.http.post("/api/bot/interactions/respond", body, { bot: token });

describe("command.invoked", () => {
  it("reaches the target bot only, signed (verified by stripe), with the envelope of 2.6 and the data of 2.7", async () => {
    const u = await w.member();
    const before = { target: target.received.length, bystander: bystander.received.length };
    const res = await w.invoke(u, { command: " Roll ", options: { sides: "6", label: "café", extra: 1 } });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body)).toEqual(["interaction_id"]);
    const [got] = (await target.waitFor(before.target + 1)).slice(before.target);
    const event = stripe.webhooks.constructEvent(got!.raw, got!.headers["x-service-signature"] as string, secret) as any;
    expect(got!.headers["x-service-event"]).toBe("command.invoked");
    expect(got!.headers["x-service-delivery"]).toBe(event.id);
    expect(event).toEqual({
      id: expect.any(String),
      type: "command.invoked",
      space_id: w.space.id,
      delivered_at: expect.stringMatching(/Z$/),
      bot_user_id: w.bot.id,
      data: expect.any(Object),
    });
    expect(event.data).toEqual({
      target_bot_user_id: w.bot.id,
      interaction_id: res.body.interaction_id,
      interaction_token: expect.stringMatching(/^[A-Za-z0-9_-]+\.[0-9a-f]{64}$/),
      channel_id: w.space.generalId,
      actor_user_id: u.id,
      command: "roll",
      options: { sides: 6, label: "café" },
      command_version: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // UUIDv7, and the token carries the invocation's context.
    expect(res.body.interaction_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ctx = JSON.parse(Buffer.from(event.data.interaction_token.split(".")[0], "base64url").toString());
    expect(ctx).toEqual({
      iid: res.body.interaction_id,
      bot: w.bot.id,
      usr: u.id,
      sp: w.space.id,
      ch: w.space.generalId,
      iat: expect.any(Number),
      exp: ctx.iat + 900,
    });
    // Deliveries are written with the invocation, before its 202: the other bot's log holds none of it, so none can
    // ever be sent.
    const logged = await w.http.get(`/api/bots/${other.id}/webhooks/${otherHook}/deliveries`, { token: w.owner.token });
    expect(logged.status).toBe(200);
    expect(logged.body).toEqual([]);
    expect(bystander.received.length).toBe(before.bystander);
  });
});

async function invocation(u = undefined as Awaited<ReturnType<World["member"]>> | undefined) {
  const user = u ?? (await w.member());
  const n = target.received.length;
  const res = await w.invoke(user, { command: "ping" });
  expect(res.status).toBe(202);
  const got = (await target.waitFor(n + 1)).find((r) => JSON.parse(r.raw).data.interaction_id === res.body.interaction_id)!;
  return { user, interactionId: res.body.interaction_id as string, token: JSON.parse(got.raw).data.interaction_token as string };
}

describe("respond", () => {
  it("sends one interaction:response to every connection of the invoker (on either server), none to anyone else; the token works twice", async () => {
    const u = await w.member();
    const [a, b] = [await socket(server, u.token), await socket(second, u.token)];
    const stranger = await socket(server, w.owner.token);
    const strangerOnSecond = await socket(second, w.owner.token);
    const { interactionId, token } = await invocation(u);
    const first = await respond(w.bot.token, { interaction_token: token, content: "pong ✓" });
    expect(first.status).toBe(204);
    const expected = {
      type: "interaction:response",
      interaction_id: interactionId,
      channel_id: w.space.generalId,
      space_id: w.space.id,
      bot_user_id: w.bot.id,
      content: "pong ✓",
      ephemeral: true,
      is_bot: true,
    };
    expect(await a.next((f) => f.type === "interaction:response")).toEqual(expected);
    expect(await b.next((f) => f.type === "interaction:response")).toEqual(expected);
    // Not single-use: the same token again.
    expect((await respond(w.bot.token, { interaction_token: token, content: "again" })).status).toBe(204);
    await a.next((f) => f.content === "again");
    await b.next((f) => f.content === "again");
    // Barriers: later responses on the same users' channels. Once they arrive, any duplicate or stray frame of
    // the two above would have arrived before them.
    expect((await respond(w.bot.token, { interaction_token: token, content: "barrier" })).status).toBe(204);
    const own = await invocation(w.owner);
    expect((await respond(w.bot.token, { interaction_token: own.token, content: "barrier" })).status).toBe(204);
    for (const ws of [a, b, stranger, strangerOnSecond]) await ws.next((f) => f.content === "barrier");
    expect(a.ofType("interaction:response").map((f) => f.content)).toEqual(["pong ✓", "again", "barrier"]);
    expect(b.ofType("interaction:response").map((f) => f.content)).toEqual(["pong ✓", "again", "barrier"]);
    expect(stranger.ofType("interaction:response").map((f) => f.interaction_id)).toEqual([own.interactionId]);
    expect(strangerOnSecond.ofType("interaction:response").map((f) => f.interaction_id)).toEqual([own.interactionId]);
  });

  it("403 `invalid or expired interaction` for garbage, tampered, foreign-secret and expired tokens", async () => {
    const { token, user, interactionId } = await invocation();
    const invalid = { status: 403, body: { detail: "invalid or expired interaction" } };
    const [payload, sig] = token.split(".") as [string, string];
    const ctx = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...ctx, usr: w.owner.id })).toString("base64url");
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith("0") ? "1" : "0");
    const secretOf = server.env.BOT_TOKEN_SECRET!;
    const at = (ms: number) => new InteractionTokens(secretOf, () => ms);
    const fields = { iid: interactionId, bot: w.bot.id, usr: user.id, sp: w.space.id, ch: w.space.generalId };
    for (const bad of [
      "garbage",
      ".",
      `${payload}.`,
      `.${sig}`,
      `${payload}.${sig}.x`,
      `${payload}.${sig.toUpperCase()}`,
      `${forged}.${sig}`,
      `${payload}.${flip(sig)}`,
      `${payload}x.${sig}`,
      new InteractionTokens("another-secret-of-sufficient-length-00", Date.now).sign(fields),
      at(Date.now() - TOKEN_TTL_SECONDS * 1000 - 1000).sign(fields),
      at(Date.now() - TOKEN_TTL_SECONDS * 1000).sign(fields),
    ])
      expect(await respond(w.bot.token, { interaction_token: bad, content: "x" }), bad).toMatchObject(invalid);
    // A token crafted the same way but still within its 900 s is accepted: the expired ones failed on time alone.
    expect(
      (await respond(w.bot.token, { interaction_token: at(Date.now() - (TOKEN_TTL_SECONDS - 30) * 1000).sign(fields), content: "late" }))
        .status,
    ).toBe(204);
  });

  it("403 `interaction does not belong to this bot` for another bot's token", async () => {
    const { token } = await invocation();
    expect(await respond(other.token, { interaction_token: token, content: "x" })).toMatchObject({
      status: 403,
      body: { detail: "interaction does not belong to this bot" },
    });
  });

  it("422 for lengths, 401 without a bot token, 403 once the bot's membership is revoked", async () => {
    const { token } = await invocation();
    expect((await respond(w.bot.token, { interaction_token: token, content: "" })).status).toBe(422);
    expect((await respond(w.bot.token, { interaction_token: token, content: "x".repeat(2001) })).status).toBe(422);
    expect((await respond(w.bot.token, { interaction_token: "x".repeat(4097), content: "x" })).status).toBe(422);
    expect((await respond(w.bot.token, { content: "x" })).status).toBe(422);
    expect((await respond(w.bot.token, { interaction_token: token, content: "x".repeat(2000) })).status).toBe(204);
    expect((await w.http.post("/api/bot/interactions/respond", { interaction_token: token, content: "x" })).status).toBe(401);
    const gone = await installBot(server, w.owner, w.space.id, { channels: [w.space.generalId] });
    const signed = new InteractionTokens(server.env.BOT_TOKEN_SECRET!, Date.now).sign({
      iid: "x",
      bot: gone.id,
      usr: w.owner.id,
      sp: w.space.id,
      ch: w.space.generalId,
    });
    expect((await respond(gone.token, { interaction_token: signed, content: "x" })).status).toBe(204);
    await w.http.del(`/api/spaces/${w.space.id}/bots/${gone.id}`, { token: w.owner.token });
    expect(await respond(gone.token, { interaction_token: signed, content: "x" })).toMatchObject({
      status: 403,
      body: { detail: "bot is revoked" },
    });
  });
});

describe("privacy (docs/webhooks.md#privacy)", () => {
  it("option values, replies and tokens are in no table (delivered, failed and skipped deliveries), log line or metric", async () => {
    const mark = () => `MARK${randomBytes(8).toString("hex")}`;
    const optionMark = mark();
    const replyMark = mark();
    const failMark = mark();
    const skipMark = mark();
    const u = await w.member();
    const ws = await socket(server, u.token);

    // Delivered: invoke with a marker, the bot replies with another.
    const n = target.received.length;
    const res = await w.invoke(u, { command: "roll", options: { sides: 42, label: optionMark } });
    expect(res.status).toBe(202);
    const got = (await target.waitFor(n + 1)).find((r) => r.raw.includes(res.body.interaction_id))!;
    expect(got.raw).toContain(optionMark);
    const token = JSON.parse(got.raw).data.interaction_token as string;
    expect((await respond(w.bot.token, { interaction_token: token, content: replyMark })).status).toBe(204);
    await ws.next((f) => f.content === replyMark);

    // Failed for good: a bot whose receiver always answers 500 (retry delays scaled down).
    const failing = await startReceiver();
    failing.respond((_r, res) => void res.writeHead(500).end());
    const failBot = await installBot(server, w.owner, w.space.id, { channels: [w.space.generalId] });
    // Installed before the failing hook exists: its arrival (a service message) is not one more failing delivery.
    const skipBot = await installBot(server, w.owner, w.space.id, { channels: [w.space.generalId] });
    const failHook = await hook(failBot.id, failing.url);
    expect((await w.invoke(u, { bot_user_id: failBot.id, command: "roll", options: { sides: 3, label: failMark } })).status).toBe(202);

    // Skipped: a bot whose webhook is suspended when the event is recorded.
    const skipHook = await hook(skipBot.id, target.url);
    await server.platform
      .db("webhooks")
      .where({ id: skipHook.id })
      .update({ state: "suspended", suspended_until: new Date(Date.now() + 3600_000) });
    expect((await w.invoke(u, { bot_user_id: skipBot.id, command: "roll", options: { sides: 3, label: skipMark } })).status).toBe(202);

    const status = async (botId: string, hookId: string) =>
      (await w.http.get(`/api/bots/${botId}/webhooks/${hookId}/deliveries`, { token: w.owner.token })).body
        // The invocation's delivery (the hooks also hear message.created, e.g. of service messages).
        .filter((d: any) => d.type === "command.invoked")
        .map((d: any) => d.status);
    // Five failures in a row also suspend the webhook, so the last attempt may end as skipped: finished either way.
    await expect.poll(() => status(failBot.id, failHook.id), { timeout: 20_000 }).toEqual([expect.stringMatching(/^(failed|skipped)$/)]);
    expect(await status(skipBot.id, skipHook.id)).toEqual(["skipped"]);
    expect(failing.received.length).toBeGreaterThanOrEqual(5);
    expect(failing.received[0]!.raw).toContain(failMark);
    await failing.close();
    // The delivered row is finished (and so redacted) once the worker has recorded the answer.
    await expect
      .poll(async () => (await server.platform.db("deliveries").where("body", "like", `%${res.body.interaction_id}%`).first())?.status, {
        timeout: 10_000,
      })
      .toBe("delivered");

    const dump = await dumpRows(server.platform.db);
    expect(dump).toContain(res.body.interaction_id); // the dump is real and holds the (redacted) delivery
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const logs = server.logs() + second.logs();
    for (const secretText of [optionMark, replyMark, failMark, skipMark, token, token.split(".")[1]!]) {
      expect(dump.includes(secretText), `dump holds ${secretText.slice(0, 12)}`).toBe(false);
      expect(logs.includes(secretText), `log holds ${secretText.slice(0, 12)}`).toBe(false);
      expect(metrics.includes(secretText)).toBe(false);
    }
    expect(metrics).toMatch(/command_invocations_total\{result="ok"\} \d+/);
    expect(metrics).toContain("command_invoke_duration_seconds_bucket");
  });
});
