// End-to-end encryption with real MLS (sdk-client e2e on ts-mls) in a 50-member channel: encrypt + send of one
// message, receive + decrypt of one message (a second device's client, fresh ciphertext each time), and the time
// for one member to create the channel group and add the devices of 50 other members in one commit.
import { randomBytes } from "node:crypto";
import type { RunningServer } from "../../server/src/server.ts";
import { createClient, E2EClient, MemoryStore, type ParleyClient } from "../../sdk-client/src/index.ts";
import { connectRealtime } from "../../sdk-client/src/node.ts";
import type { BenchResult, Scenario } from "../context.ts";

const MEMBERS = 50;
const MESSAGES = Number(process.env.BENCH_E2E_MESSAGES ?? 200);

async function user(server: RunningServer): Promise<{ client: ParleyClient; id: string; deviceId: string }> {
  const client = createClient({ baseUrl: server.url });
  const tag = randomBytes(5).toString("hex");
  const reg = await client.register({ username: `e2e_${tag}`, email: `e2e_${tag}@example.test`, password: `pw-${tag}-long-enough` });
  return { client, id: reg.user.id, deviceId: reg.device_id };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function row(name: string, ms: number[]): BenchResult {
  const sorted = [...ms].sort((a, b) => a - b);
  const total = ms.reduce((a, b) => a + b, 0);
  return {
    name,
    requestsPerSecond: ms.length / (total / 1000),
    p50Ms: pct(sorted, 50),
    p99Ms: pct(sorted, 99),
    requests: ms.length,
    failures: 0,
  };
}

export const scenario: Scenario = {
  name: "e2e",
  description: "MLS: encrypt+send and receive+decrypt in a 50-member channel; one member adds 50 devices",
  async run(ctx) {
    const server = await ctx.startServer();
    const owner = await user(server);
    const space = await owner.client.spaces.create({ name: "bench e2e", visibility: "public" });
    const channelId = (await owner.client.spaces.channels(space.id)).find((c) => c.type === "text")!.id;
    // 50 other members, each device with KeyPackages on the server; one of them listens and decrypts.
    const others = [];
    for (let i = 0; i < MEMBERS; i++) {
      const u = await user(server);
      await u.client.spaces.join(space.id);
      const e2e = await E2EClient.open({
        client: u.client,
        store: new MemoryStore(),
        userId: u.id,
        deviceId: u.deviceId,
        minKeyPackages: 1,
        batchSize: 2,
      });
      others.push({ ...u, e2e });
    }
    const reader = others[0]!;
    const rt = connectRealtime({ baseUrl: server.url, tokenProvider: () => reader.client.freshAccessToken() });
    ctx.defer(() => rt.close());
    await rt.ready();
    reader.e2e.attach(rt);

    const sender = await E2EClient.open({
      client: owner.client,
      store: new MemoryStore(),
      userId: owner.id,
      deviceId: owner.deviceId,
      minKeyPackages: 1,
      batchSize: 2,
    });
    const t0 = performance.now();
    await sender.ensureGroup(space.id, channelId); // creates the group: claims 50 KeyPackages, one Add commit + Welcome
    const addMs = performance.now() - t0;
    await reader.e2e.ensureGroup(space.id, channelId); // joins by the Welcome

    const send: number[] = [];
    const recv: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      let t = performance.now();
      const msg = await sender.send(space.id, channelId, `bench message ${i}`);
      send.push(performance.now() - t);
      t = performance.now();
      const text = await reader.e2e.decrypt(msg);
      recv.push(performance.now() - t);
      if (text !== `bench message ${i}`) throw new Error(`decryption failed at ${i}`);
    }
    return [
      row(`e2e: encrypt+send, ${MEMBERS + 1}-member channel`, send),
      row(`e2e: receive+decrypt, ${MEMBERS + 1}-member channel`, recv),
      {
        name: `e2e: create group + add ${MEMBERS} devices (one commit)`,
        requestsPerSecond: 1000 / addMs,
        p50Ms: addMs,
        p99Ms: addMs,
        requests: 1,
        failures: 0,
      },
    ];
  },
};
