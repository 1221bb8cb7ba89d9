// Lifecycle and member events reach the installed bot's webhook: bot.installed, member.joined, member.left,
// bot.uninstalled — and nothing reaches a bot that is not installed in the space.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";

const stripe = new Stripe("sk_test_unused");
const testServer = useTestServer();
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

const ALL = ["bot.installed", "bot.uninstalled", "member.joined", "member.left"];

describe("space events to bots", () => {
  it("delivers the install, member and uninstall events to the installed bot only", async () => {
    const server = testServer();
    const http = api(server.url);
    const owner = await registerUser(server.url);
    const space = await http.post("/api/spaces", { name: "events", visibility: "public" }, { token: owner.token });
    expect(space.status).toBe(201);
    const channels = (await http.get(`/api/spaces/${space.body.id}/channels`, { token: owner.token })).body as {
      id: string;
      type: string;
    }[];
    const bot = await createBot(server.url, owner.token);
    const outsider = await createBot(server.url, owner.token);
    const hook = await http.post(`/api/bots/${bot.id}/webhooks`, { url: receiver.url, events: ALL }, { token: owner.token });
    const other = await startReceiver();
    const outsiderHook = await http.post(`/api/bots/${outsider.id}/webhooks`, { url: other.url, events: ALL }, { token: owner.token });

    const install = await http.post(
      `/api/spaces/${space.body.id}/bots`,
      { bot_user_id: bot.id, scopes: ["commands"], allowed_channel_ids: [channels[0]!.id] },
      { token: owner.token },
    );
    expect(install.status).toBe(201);
    const guest = await registerUser(server.url);
    expect((await http.post(`/api/spaces/${space.body.id}/join`, undefined, { token: guest.token })).status).toBe(200);
    expect((await http.post(`/api/spaces/${space.body.id}/leave`, undefined, { token: guest.token })).status).toBe(204);
    expect((await http.del(`/api/spaces/${space.body.id}/bots/${bot.id}`, { token: owner.token })).status).toBe(204);

    const got = await receiver.waitFor(4);
    const events = got.map(
      (g) => stripe.webhooks.constructEvent(g.raw, g.headers["x-service-signature"] as string, hook.body.secret) as any,
    );
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(Object.keys(byType).sort()).toEqual([...ALL].sort());
    for (const e of events) expect(e).toMatchObject({ bot_user_id: bot.id, space_id: space.body.id });
    expect(byType["bot.installed"].data).toMatchObject({
      space_id: space.body.id,
      scopes: ["commands"],
      allowed_channel_ids: [channels[0]!.id],
    });
    expect(byType["member.joined"].data).toMatchObject({ user_id: guest.id, role: "member" });
    expect(byType["member.left"].data).toMatchObject({ user_id: guest.id, reason: "left" });
    // The bot that was never installed in the space hears nothing of it: each event's deliveries are written
    // together, one per subscribed bot, so with all four delivered above, its log would already show any.
    const logged = await http.get(`/api/bots/${outsider.id}/webhooks/${outsiderHook.body.id}/deliveries`, { token: owner.token });
    expect(logged).toMatchObject({ status: 200, body: [] });
    expect(other.received).toHaveLength(0);
    await other.close();
  });
});
