// End-to-end encryption with real MLS (ts-mls) against a real server: three users exchange messages that all
// decrypt; a kicked user cannot decrypt what is sent after the removal commit; a later joiner reads new messages
// but not earlier ones; no plaintext reaches the database or the server log; a bot never sees user ciphertext.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { createBot } from "../../test/helpers/bots.ts";
import { api } from "../../test/helpers/http.ts";
import { createClient, E2EClient, MemoryStore, type ParleyClient } from "../src/index.ts";
import { connectRealtime, FileStore } from "../src/node.ts";
import type { RealtimeClient } from "../src/realtime/client.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let server: TestServer;
const MARK = `PLAINTEXT-MARKER-${randomBytes(4).toString("hex")}`;
const opened: RealtimeClient[] = [];
const dir = mkdtempSync(join(tmpdir(), "parley-e2e-"));

interface Person {
  name: string;
  id: string;
  client: ParleyClient;
  e2e: E2EClient;
  rt: RealtimeClient;
  deviceId: string;
}

async function person(
  name: string,
  store = new MemoryStore() as ConstructorParameters<typeof MemoryStore> extends [] ? MemoryStore | FileStore : never,
): Promise<Person> {
  const client = createClient({ baseUrl: server.url });
  const tag = randomBytes(4).toString("hex");
  const reg = await client.register({
    username: `${name}_${tag}`,
    email: `${name}_${tag}@example.test`,
    password: `pw-${tag}-long-enough`,
  });
  const rt = connectRealtime({ baseUrl: server.url, tokenProvider: () => client.freshAccessToken() });
  opened.push(rt);
  await rt.ready();
  const e2e = await E2EClient.open({
    client,
    store,
    userId: reg.user.id,
    deviceId: reg.device_id,
    minKeyPackages: 3,
    batchSize: 5,
    welcomeWaitMs: 1000,
  });
  e2e.attach(rt);
  return { name, id: reg.user.id, client, e2e, rt, deviceId: reg.device_id };
}

let alice: Person, bob: Person, carol: Person;
let spaceId: string, channelId: string;
const texts = async (p: Person) =>
  (await p.e2e.read(spaceId, channelId, { limit: 100 })).filter((m) => m.message.kind === "user").map((m) => m.text);

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "debug" } });
  alice = await person("alice");
  bob = await person("bob", new FileStore(join(dir, "bob")));
  carol = await person("carol");
  const space = await alice.client.spaces.create({ name: "Secret den", visibility: "public" });
  spaceId = space.id;
  channelId = (await alice.client.spaces.channels(spaceId)).find((c) => c.type === "text")!.id;
  await bob.client.spaces.join(spaceId);
  await carol.client.spaces.join(spaceId);
});
afterAll(async () => {
  await Promise.all(opened.map((rt) => rt.close()));
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("encrypted chat", () => {
  it("publishes KeyPackages after login and tops them up", async () => {
    expect((await alice.client.GET("/api/e2e/key-packages/count")).available).toBe(5);
  });

  it("three users exchange messages that all decrypt", async () => {
    await alice.e2e.ensureGroup(spaceId, channelId); // creates the group and adds bob's and carol's devices
    expect(await alice.e2e.epoch(channelId)).toBe(1);
    await alice.e2e.send(spaceId, channelId, `${MARK} hello from alice`);
    await bob.e2e.send(spaceId, channelId, `${MARK} hi from bob`);
    await carol.e2e.send(spaceId, channelId, `${MARK} carol here`);
    await alice.e2e.send(spaceId, channelId, `${MARK} second from alice`);
    const expected = [`${MARK} second from alice`, `${MARK} carol here`, `${MARK} hi from bob`, `${MARK} hello from alice`];
    for (const p of [alice, bob, carol]) expect(await texts(p), p.name).toEqual(expected);
    // The server stored MLS ciphertext only.
    const raw = await alice.client.messages.list(spaceId, channelId);
    for (const m of raw.filter((x) => x.kind === "user"))
      expect(Buffer.from(m.ciphertext!, "base64").toString("latin1")).not.toContain(MARK);
  });

  it("a kicked user cannot decrypt messages sent after the removal commit", async () => {
    const before = (await alice.e2e.epoch(channelId))!;
    const members = await alice.client.GET("/api/spaces/{space_id}/members", { params: { path: { space_id: spaceId } } });
    const carolMember = members.find((m) => m.user_id === carol.id)!;
    await alice.client.DELETE("/api/spaces/{space_id}/members/{member_id}", {
      params: { path: { space_id: spaceId, member_id: carolMember.member_id } },
    });
    // The e2e:membership frame makes a member's client commit the Remove.
    await expect.poll(async () => (await alice.e2e.epoch(channelId)) ?? 0, { timeout: 10_000, interval: 50 }).toBeGreaterThan(before);
    await vi.waitFor(async () => expect(await bob.e2e.epoch(channelId)).toBe(await alice.e2e.epoch(channelId)), {
      timeout: 10_000,
      interval: 50,
    });
    const secret = await bob.e2e.send(spaceId, channelId, `${MARK} after carol left`);
    expect(await alice.e2e.decrypt(secret)).toBe(`${MARK} after carol left`);
    // Even with the ciphertext in hand, carol's client cannot read it.
    expect(await carol.e2e.decrypt(secret)).toBeNull();
  });

  it("a user who joins later reads new messages but not earlier ones", async () => {
    const dave = await person("dave");
    await dave.client.spaces.join(spaceId);
    await dave.e2e.ensureGroup(spaceId, channelId);
    const afterJoin = await alice.e2e.send(spaceId, channelId, `${MARK} welcome dave`);
    const seen = await dave.e2e.read(spaceId, channelId, { limit: 100 });
    expect(seen[0]!.message.id).toBe(afterJoin.id);
    expect(seen[0]!.text).toBe(`${MARK} welcome dave`);
    expect(
      seen
        .slice(1)
        .filter((m) => m.message.kind === "user")
        .map((m) => m.text),
    ).toEqual(
      seen
        .slice(1)
        .filter((m) => m.message.kind === "user")
        .map(() => null),
    );
    expect(await bob.e2e.decrypt(afterJoin)).toBe(`${MARK} welcome dave`);
  });

  it("takes every Welcome kept for its device, claiming page after page until none are left", async () => {
    const erin = await person("erin");
    const den = await alice.client.spaces.create({ name: "Many rooms", visibility: "public" });
    await erin.client.spaces.join(den.id);
    const blob = () => randomBytes(48).toString("base64");
    for (let i = 0; i < 25; i++) {
      const ch = await alice.client.POST("/api/spaces/{space_id}/channels", {
        params: { path: { space_id: den.id } },
        body: { name: `room-${i}`, type: "text" },
      });
      await alice.client.POST("/api/e2e/channels/{channel_id}/commits", {
        params: { path: { channel_id: ch.id } },
        body: { epoch: 0, commit: blob(), group_info: blob(), welcome: blob(), welcome_device_ids: [erin.deviceId] },
      });
    }
    // A claim answers 20 at most: the client asks again until the server has none left.
    expect(await erin.e2e.fetchWelcomes()).toBe(25);
    expect(await erin.client.POST("/api/e2e/welcomes/claim")).toEqual([]);
  }, 60_000);

  it("never stores or logs a plaintext marker", async () => {
    const db = server.platform.db;
    const cols = await db("information_schema.columns")
      .where({ table_schema: "public" })
      .whereIn("data_type", ["text", "bytea", "character varying", "json", "jsonb"])
      .select("table_name", "column_name", "data_type");
    expect(cols.length).toBeGreaterThan(10);
    const hits: string[] = [];
    for (const c of cols) {
      const rows = await db(c.table_name).select(db.raw("??::text as v", [c.column_name]));
      for (const r of rows) {
        const v = String(r.v ?? "");
        const decoded = c.data_type === "bytea" ? Buffer.from(v.replace(/^\\x/, ""), "hex").toString("latin1") : v;
        if (decoded.includes(MARK)) hits.push(`${c.table_name}.${c.column_name}`);
        // Base64 columns must not hide it either.
        if (/^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, "base64").toString("latin1").includes(MARK))
          hits.push(`${c.table_name}.${c.column_name} (base64)`);
      }
    }
    expect(hits).toEqual([]);
    expect(server.logs()).not.toContain(MARK);
  });

  it("a bot's message list never shows user ciphertext", async () => {
    const owner = alice.client.tokens().accessToken!;
    const bot = await createBot(server.url, owner);
    const installed = await api(server.url).post(
      `/api/spaces/${spaceId}/bots`,
      { bot_user_id: bot.id, scopes: ["messages.send"], allowed_channel_ids: [channelId] },
      { token: owner },
    );
    expect(installed.status).toBe(201);
    const list = await api(server.url).get(`/api/bot/spaces/${spaceId}/channels/${channelId}/messages`, { bot: bot.token });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0); // service messages (joins and leaves) are there
    for (const m of list.body) {
      expect(m.kind).not.toBe("user");
      expect(m.ciphertext).toBeNull();
    }
    expect(JSON.stringify(list.body)).not.toContain(MARK);
    expect((await api(server.url).get(`/api/e2e/channels/${channelId}/group`, { bot: bot.token })).status).toBe(401);
  });
});
