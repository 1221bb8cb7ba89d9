// An invocation whose command was invoked before builds its deliveries before reading the facts, and writes them
// in the same statement as its checks (service.ts, store.ts). These tests change, between two invocations of the
// same command, each fact that statement must see, and check that the next invocation follows the change: the
// answer of the invocation checks a fresh read gives, no delivery row for a refused invocation, and the rows a fresh read
// writes for an accepted one (audience, skipped rows, the command's version and options).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { world, type World } from "../../../../test/helpers/interactions.ts";
import type { TestUser } from "../../../../test/helpers/users.ts";

let server: TestServer;
let w: World;
let receiver: Receiver;
let hookId: string;

const ROLL = (max: number, extra: unknown[] = []) => ({
  name: "roll",
  description: "Roll dice",
  options: [{ name: "sides", type: "integer", description: "Sides", required: true, min: 2, max }, ...extra],
});
const PING = { name: "ping", description: "Ping" };

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "warn" } });
  receiver = await startReceiver();
  w = await world(server, { commands: [ROLL(100), PING] });
  const res = await w.http.post(
    `/api/bots/${w.bot.id}/webhooks`,
    { url: receiver.url, events: ["command.invoked"] },
    { token: w.owner.token },
  );
  expect(res.status).toBe(201);
  hookId = res.body.id;
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

const db = () => server.platform.db;
/** Delivery rows of the bot's webhooks, by webhook. */
const rows = async () =>
  (await db()("deliveries")
    .join("webhooks", "webhooks.id", "deliveries.webhook_id")
    .where("webhooks.bot_user_id", w.bot.id)
    .select("deliveries.webhook_id", "deliveries.status")) as { webhook_id: string; status: string }[];
const putCommands = async (commands: unknown[]) =>
  expect((await w.http.put("/api/bot/commands", { commands }, { bot: w.bot.token })).status).toBe(200);

/** Invokes roll twice (the second builds its deliveries before its read), then answers how many rows there are. */
async function warm(u: TestUser, sides = 6): Promise<number> {
  for (let i = 0; i < 2; i++) expect((await w.invoke(u, { command: "roll", options: { sides } })).status).toBe(202);
  return (await rows()).length;
}

/** The next roll is refused with `status`/`detail`, and writes no row. */
async function refused(
  u: TestUser,
  before: number,
  status: number,
  detail: string,
  body: Record<string, unknown> = { command: "roll", options: { sides: 6 } },
  channelId?: string,
) {
  expect(await w.invoke(u, body, channelId)).toMatchObject({ status, body: { detail } });
  expect((await rows()).length).toBe(before);
}

describe("deliveries written with the checks follow every change since the last invocation", () => {
  it("a 202 means the row is committed, with the event the bot then receives", async () => {
    const u = await w.member();
    const before = (await rows()).length;
    const at = receiver.received.length;
    for (let i = 0; i < 3; i++) {
      const res = await w.invoke(u, { command: "roll", options: { sides: 7 } });
      expect(res.status).toBe(202);
      expect((await rows()).length).toBe(before + i + 1);
    }
    const got = await receiver.waitFor(at + 3);
    const ids = got.slice(at).map((r) => JSON.parse(r.raw).data.interaction_id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const r of got.slice(at))
      expect(JSON.parse(r.raw).data).toMatchObject({ command: "roll", options: { sides: 7 }, command_version: 1, actor_user_id: u.id });
  });

  it("caller muted, left, channel not allowed, bot suspended, install suspended or scope removed: refused, no row", async () => {
    const u = await w.member();
    let n = await warm(u);
    const m = await db()("members").where({ space_id: w.space.id, user_id: u.id }).first();
    expect(
      (await w.http.post(`/api/spaces/${w.space.id}/members/${m.id}/mute`, { duration_seconds: 600 }, { token: w.owner.token })).status,
    ).toBe(200);
    await refused(u, n, 403, "you are muted");

    const v = await w.member();
    n = await warm(v);
    await refused(v, n, 403, "bot has no access to this channel", { command: "roll", options: { sides: 6 } }, w.space.voiceId);
    await db()("bots").where({ user_id: w.bot.id }).update({ state: "suspended" });
    await refused(v, n, 404, "bot not found in this space");
    await db()("bots").where({ user_id: w.bot.id }).update({ state: "ACTIVE" });
    n = await warm(v);
    const path = `/api/spaces/${w.space.id}/bots/${w.bot.id}`;
    expect((await w.http.patch(path, { scopes: ["messages.send"] }, { token: w.owner.token })).status).toBe(200);
    await refused(v, n, 403, "missing scope: commands");
    expect((await w.http.patch(path, { scopes: ["commands"] }, { token: w.owner.token })).status).toBe(200);
    n = await warm(v);
    expect((await w.http.patch(path, { state: "suspended" }, { token: w.owner.token })).status).toBe(200);
    await refused(v, n, 404, "bot not found in this space");
    expect((await w.http.patch(path, { state: "ACTIVE" }, { token: w.owner.token })).status).toBe(200);
    n = await warm(v);
    expect((await w.http.post(`/api/spaces/${w.space.id}/leave`, undefined, { token: v.token })).status).toBe(204);
    await refused(v, n, 404, "space not found");
  });

  it("command disabled, redefined, or deleted and declared again (version 1 again, other options): the new definition", async () => {
    const u = await w.member();
    let n = await warm(u);
    expect((await w.http.patch("/api/bot/commands/roll", { enabled: false }, { bot: w.bot.token })).status).toBe(200);
    await refused(u, n, 404, "unknown command");
    expect((await w.http.patch("/api/bot/commands/roll", { enabled: true }, { bot: w.bot.token })).status).toBe(200);
    n = await warm(u, 50);
    await putCommands([ROLL(10), PING]);
    await refused(u, n, 400, "option sides: above max 10", { command: "roll", options: { sides: 50 } });
    const at = receiver.received.length;
    expect((await w.invoke(u, { command: "roll", options: { sides: 6 } })).status).toBe(202);
    expect(JSON.parse((await receiver.waitFor(at + 1))[at]!.raw).data.command_version).toBe(2);

    // Deleted, then declared again: version 1 again, with a new required option the earlier invocations lacked.
    await putCommands([PING]);
    await putCommands([ROLL(100), PING]);
    n = await warm(u);
    await putCommands([PING]);
    await refused(u, n, 404, "unknown command");
    await putCommands([ROLL(100, [{ name: "label", type: "string", description: "Label", required: true }]), PING]);
    await refused(u, n, 400, "missing required option: label");
    expect((await w.invoke(u, { command: "roll", options: { sides: 6, label: "x" } })).status).toBe(202);
    await putCommands([ROLL(100), PING]);
  });

  it("a webhook added or suspended since: the next invocation writes the rows a fresh read writes", async () => {
    const u = await w.member();
    await warm(u);
    const second = await startReceiver();
    let addedId: string | undefined;
    try {
      const added = await w.http.post(
        `/api/bots/${w.bot.id}/webhooks`,
        { url: second.url, events: ["command.invoked"] },
        { token: w.owner.token },
      );
      expect(added.status).toBe(201);
      addedId = added.body.id;
      const count = async (id: string, status?: string) =>
        (await rows()).filter((r) => r.webhook_id === id && (!status || r.status === status)).length;
      const [a, b] = [await count(hookId), await count(added.body.id)];
      expect((await w.invoke(u, { command: "roll", options: { sides: 6 } })).status).toBe(202);
      expect([await count(hookId), await count(added.body.id)]).toEqual([a + 1, b + 1]);
      expect((await w.invoke(u, { command: "roll", options: { sides: 6 } })).status).toBe(202);
      expect([await count(hookId), await count(added.body.id)]).toEqual([a + 2, b + 2]);

      await db()("webhooks")
        .where({ id: added.body.id })
        .update({ state: "suspended", suspended_until: new Date(Date.now() + 3600_000) });
      const skipped = await count(added.body.id, "skipped");
      expect((await w.invoke(u, { command: "roll", options: { sides: 6 } })).status).toBe(202);
      expect(await count(added.body.id, "skipped")).toBe(skipped + 1);
      expect(await count(hookId)).toBe(a + 3);
    } finally {
      if (addedId) expect((await w.http.del(`/api/bots/${w.bot.id}/webhooks/${addedId}`, { token: w.owner.token })).status).toBe(204);
      await second.close();
    }
  });

  it("the 21st invocation of a known command → 429 and no row; a refused one costs no try", async () => {
    const u = await w.member();
    const n = await warm(u); // 2 tries
    for (let i = 0; i < 5; i++) await refused(u, n, 400, "option sides: below min 2", { command: "roll", options: { sides: 1 } });
    for (let i = 0; i < 18; i++) expect((await w.invoke(u, { command: "roll", options: { sides: 6 } })).status).toBe(202);
    const now = (await rows()).length;
    expect(now).toBe(n + 18);
    const limited = await w.invoke(u, { command: "roll", options: { sides: 6 } });
    expect(limited).toMatchObject({ status: 429, body: { detail: `cmd:${u.id}:${w.bot.id} > 20/60s` } });
    expect((await rows()).length).toBe(now);
    // Over the limit and muted: the mute answers (docs/bots.md#invocations: the order).
    const m = await db()("members").where({ space_id: w.space.id, user_id: u.id }).first();
    expect(
      (await w.http.post(`/api/spaces/${w.space.id}/members/${m.id}/mute`, { duration_seconds: 600 }, { token: w.owner.token })).status,
    ).toBe(200);
    await refused(u, now, 403, "you are muted");
  });

  it("a statement that fails keeps its try (it may have written before failing) and its log line holds no row", async () => {
    const u = await w.member();
    const n = await warm(u); // 2 tries
    // The database refuses the deliveries' row: the statement fails in PostgreSQL, and its error names the row.
    await db().raw("ALTER TABLE deliveries ADD CONSTRAINT test_refuse_invoked CHECK (type <> 'command.invoked') NOT VALID");
    const logged = server.logs().length;
    try {
      for (let i = 0; i < 3; i++)
        expect(await w.invoke(u, { command: "roll", options: { sides: 6 } })).toMatchObject({
          status: 500,
          body: { detail: "internal error" },
        });
    } finally {
      await db().raw("ALTER TABLE deliveries DROP CONSTRAINT test_refuse_invoked");
    }
    const lines = server.logs().slice(logged);
    expect(lines).toContain("test_refuse_invoked"); // the failure is logged, by its constraint
    expect(lines).not.toContain("Failing row"); // but not the row: its sealed body, ids, times
    expect((await rows()).length).toBe(n);
    for (let i = 0; i < 15; i++) expect((await w.invoke(u, { command: "roll", options: { sides: 6 } })).status).toBe(202);
    expect(await w.invoke(u, { command: "roll", options: { sides: 6 } })).toMatchObject({
      status: 429,
      body: { detail: `cmd:${u.id}:${w.bot.id} > 20/60s` },
    });
  });
});
