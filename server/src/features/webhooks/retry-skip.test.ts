// A retry goes only to a bot that still listens where its event happened: once the bot is uninstalled from the
// event's space (membership no longer ACTIVE) or deleted, its pending retries are `skipped` at their turn, not sent
// (they may carry a live interaction token and option values).
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { world, type World } from "../../../../test/helpers/interactions.ts";

let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer({ env: { WEBHOOK_RETRY_SCALE: "0.002", LOG_LEVEL: "warn" } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

/**
 * An invocation whose first attempt the receiver holds until `meanwhile` has run, then fails with 500 (a retry
 * falls due within milliseconds); answers the delivery's final status and how many requests reached the receiver.
 */
async function failFirstThen(w: World, meanwhile: () => Promise<void>): Promise<{ status: string; requests: number }> {
  const hook = await w.http.post(
    `/api/bots/${w.bot.id}/webhooks`,
    { url: receiver.url, events: ["command.invoked"] },
    { token: w.owner.token },
  );
  expect(hook.status).toBe(201);
  const before = receiver.received.length;
  const held: ServerResponse[] = [];
  receiver.respond((_r, res) => void held.push(res));
  const user = await w.member();
  expect((await w.invoke(user, { command: "ping" })).status).toBe(202);
  await receiver.waitFor(before + 1);
  receiver.respond((_r, res) => void res.writeHead(500).end("no"));
  await meanwhile();
  held[0]!.writeHead(500).end("no");
  const deliveries = () => server.platform.db("deliveries").where({ webhook_id: hook.body.id }).pluck("status");
  await expect.poll(deliveries, { timeout: 10_000 }).toEqual(["skipped"]);
  return { status: "skipped", requests: receiver.received.length - before };
}

describe("retries of a bot that no longer listens", () => {
  it("are skipped, not sent, once the bot is uninstalled from the event's space", async () => {
    const w = await world(server);
    const out = await failFirstThen(w, async () => {
      expect((await w.http.del(`/api/spaces/${w.space.id}/bots/${w.bot.id}`, { token: w.owner.token })).status).toBe(204);
    });
    expect(out.requests).toBe(1);
  });

  it("are skipped, not sent, once the bot is deleted", async () => {
    const w = await world(server);
    const out = await failFirstThen(w, async () => {
      expect((await w.http.del(`/api/bots/${w.bot.id}`, { token: w.owner.token })).status).toBe(204);
    });
    expect(out.requests).toBe(1);
  });

  it("are still sent while the bot listens", async () => {
    const w = await world(server);
    const hook = await w.http.post(
      `/api/bots/${w.bot.id}/webhooks`,
      { url: receiver.url, events: ["command.invoked"] },
      { token: w.owner.token },
    );
    const before = receiver.received.length;
    let n = 0;
    receiver.respond((_r, res) => void res.writeHead(n++ === 0 ? 500 : 200).end("ok"));
    expect((await w.invoke(await w.member(), { command: "ping" })).status).toBe(202);
    const deliveries = () => server.platform.db("deliveries").where({ webhook_id: hook.body.id }).pluck("status");
    await expect.poll(deliveries, { timeout: 10_000 }).toEqual(["delivered"]);
    expect(receiver.received.length - before).toBe(2);
  });
});
