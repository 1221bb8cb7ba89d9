// Moderation reaches voice: a kick removes the member from every voice room of the space and a mute takes their
// publish (and data) permission there, through LiveKit's RoomService. No LiveKit server runs here: LIVEKIT_URL
// points at a local HTTP endpoint that records the RoomService (Twirp) calls, path and JSON body, and checks their
// bearer token is signed with the API secret. A RoomService that fails never fails the kick or mute.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenVerifier } from "livekit-server-sdk";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";

const KEY = "test-key";
const SECRET = "test-livekit-secret-0123456789abcdef";

interface Call {
  path: string;
  body: Record<string, unknown>;
  signed: boolean;
}

let server: TestServer;
let http: ReturnType<typeof api>;
let roomService: Server;
const calls: Call[] = [];
let failing = false;
let owner: TestUser;

beforeAll(async () => {
  const verifier = new TokenVerifier(KEY, SECRET);
  roomService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
        const signed = await verifier.verify(token).then(
          () => true,
          () => false,
        );
        calls.push({ path: req.url!, body: JSON.parse(Buffer.concat(chunks).toString() || "{}"), signed });
        if (failing) res.writeHead(503, { "content-type": "application/json" }).end('{"code":"unavailable","msg":"down"}');
        else res.writeHead(200, { "content-type": "application/json" }).end("{}");
      })();
    });
  });
  await new Promise<void>((r) => roomService.listen(0, "127.0.0.1", r));
  const { port } = roomService.address() as AddressInfo;
  server = await startTestServer({
    env: { LIVEKIT_URL: `ws://127.0.0.1:${port}`, LIVEKIT_API_KEY: KEY, LIVEKIT_API_SECRET: SECRET, LOG_LEVEL: "warn" },
  });
  http = api(server.url);
  owner = await registerUser(server.url);
});
afterAll(async () => {
  await server?.stop();
  roomService?.closeAllConnections();
  await new Promise((r) => roomService?.close(r));
});

/** A space with a second voice channel, and a member in it. */
async function spaceWithMember() {
  const space = (await http.post("/api/spaces", { name: "stage", visibility: "public" }, { token: owner.token })).body;
  const stage = (await http.post(`/api/spaces/${space.id}/channels`, { name: "stage", type: "voice" }, { token: owner.token })).body;
  const voice = (await http.get(`/api/spaces/${space.id}/channels`, { token: owner.token })).body.find(
    (c: { type: string; name: string }) => c.type === "voice" && c.name !== "stage",
  );
  const user = await registerUser(server.url);
  await http.post(`/api/spaces/${space.id}/join`, undefined, { token: user.token });
  const memberId = (await server.platform.db("members").where({ space_id: space.id, user_id: user.id }).first()).id;
  const rooms = [`${space.id}:${voice.id}`, `${space.id}:${stage.id}`].sort();
  return { spaceId: space.id as string, user, memberId: memberId as string, rooms };
}

const callsFor = (userId: string, method: string) =>
  calls.filter((c) => c.path === `/twirp/livekit.RoomService/${method}` && c.body.identity === userId);

describe("kick and mute reach LiveKit", () => {
  it("a kick sends RemoveParticipant for every voice room of the space, identity the user id", async () => {
    const s = await spaceWithMember();
    expect((await http.del(`/api/spaces/${s.spaceId}/members/${s.memberId}`, { token: owner.token })).status).toBe(204);
    await expect.poll(() => callsFor(s.user.id, "RemoveParticipant").length, { timeout: 10_000 }).toBe(2);
    const removed = callsFor(s.user.id, "RemoveParticipant");
    expect(removed.map((c) => c.body.room).sort()).toEqual(s.rooms);
    expect(removed.every((c) => c.signed)).toBe(true);
  });

  it("a mute sends UpdateParticipant taking publish and data permissions in every voice room", async () => {
    const s = await spaceWithMember();
    expect(
      (await http.post(`/api/spaces/${s.spaceId}/members/${s.memberId}/mute`, { duration_seconds: 60 }, { token: owner.token })).status,
    ).toBe(200);
    await expect.poll(() => callsFor(s.user.id, "UpdateParticipant").length, { timeout: 10_000 }).toBe(2);
    const updated = callsFor(s.user.id, "UpdateParticipant");
    expect(updated.map((c) => c.body.room).sort()).toEqual(s.rooms);
    // Protobuf JSON leaves out false (the default): absent means not allowed.
    for (const c of updated) {
      const p = c.body.permission as Record<string, boolean>;
      expect({ canSubscribe: p.canSubscribe, canPublish: p.canPublish ?? false, canPublishData: p.canPublishData ?? false }).toEqual({
        canSubscribe: true,
        canPublish: false,
        canPublishData: false,
      });
    }
  });

  it("a RoomService that fails is logged and never fails the kick or the mute", async () => {
    failing = true;
    try {
      const a = await spaceWithMember();
      const muted = await http.post(
        `/api/spaces/${a.spaceId}/members/${a.memberId}/mute`,
        { duration_seconds: 60 },
        { token: owner.token },
      );
      expect(muted.status).toBe(200);
      expect((await http.del(`/api/spaces/${a.spaceId}/members/${a.memberId}`, { token: owner.token })).status).toBe(204);
      await expect.poll(() => callsFor(a.user.id, "RemoveParticipant").length, { timeout: 10_000 }).toBe(2);
      await expect.poll(() => server.logs().includes("voice moderation: LiveKit call failed"), { timeout: 10_000 }).toBe(true);
    } finally {
      failing = false;
    }
  });
});
