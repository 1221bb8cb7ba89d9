// A device that was offline when it was added to an encrypted channel: the server keeps the
// Welcome for it, the sdk-client takes it when the device connects, and the device joins by that Welcome — so it
// reads what was sent after it was added, without an external commit of its own.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { createClient, E2EClient, MemoryStore, type ParleyClient } from "../src/index.ts";
import { connectRealtime } from "../src/node.ts";
import type { RealtimeClient } from "../src/realtime/client.ts";

let server: TestServer;
const opened: RealtimeClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "warn" } });
});
afterAll(async () => {
  await Promise.all(opened.map((rt) => rt.close()));
  await server?.stop();
});

async function register(name: string): Promise<{ client: ParleyClient; userId: string; deviceId: string }> {
  const client = createClient({ baseUrl: server.url });
  const tag = randomBytes(4).toString("hex");
  const reg = await client.register({
    username: `${name}_${tag}`,
    email: `${name}_${tag}@example.test`,
    password: `pw-${tag}-long-enough`,
  });
  return { client, userId: reg.user.id, deviceId: reg.device_id };
}

describe("a device added while offline", () => {
  it("joins by the kept Welcome when it connects and decrypts what was sent after it was added", async () => {
    const alice = await register("alice");
    const bob = await register("bob");
    const space = await alice.client.spaces.create({ name: "Offline", visibility: "public" });
    const channelId = (await alice.client.spaces.channels(space.id)).find((c) => c.type === "text")!.id;
    await bob.client.spaces.join(space.id);

    // Bob's device publishes its KeyPackages, then goes offline (no realtime connection, the app is closed).
    const bobStore = new MemoryStore();
    const opts = { minKeyPackages: 3, batchSize: 5, welcomeWaitMs: 500 };
    await E2EClient.open({ client: bob.client, store: bobStore, userId: bob.userId, deviceId: bob.deviceId, ...opts });

    // Alice, online, creates the channel's group (adding Bob's device) and writes.
    const rt = connectRealtime({ baseUrl: server.url, tokenProvider: () => alice.client.freshAccessToken() });
    opened.push(rt);
    await rt.ready();
    const aliceE2e = await E2EClient.open({
      client: alice.client,
      store: new MemoryStore(),
      userId: alice.userId,
      deviceId: alice.deviceId,
      ...opts,
    });
    aliceE2e.attach(rt);
    await aliceE2e.ensureGroup(space.id, channelId);
    expect(await aliceE2e.epoch(channelId)).toBe(1);
    await aliceE2e.send(space.id, channelId, "sent while bob was away");

    // Bob's app starts again on the same device and store.
    const bobE2e = await E2EClient.open({ client: bob.client, store: bobStore, userId: bob.userId, deviceId: bob.deviceId, ...opts });
    await bobE2e.ensureGroup(space.id, channelId);
    // Joined by the Welcome at epoch 1: no external commit moved the group on.
    expect(await bobE2e.epoch(channelId)).toBe(1);
    expect((await alice.client.GET("/api/e2e/channels/{channel_id}/group", { params: { path: { channel_id: channelId } } })).epoch).toBe(1);
    const read = await bobE2e.read(space.id, channelId);
    expect(read.filter((m) => m.message.kind === "user").map((m) => m.text)).toEqual(["sent while bob was away"]);
    // The Welcome was answered once and is gone from the server.
    expect(await bob.client.POST("/api/e2e/welcomes/claim")).toEqual([]);
  }, 90_000);
});
