// The online count of a space (`presence:subscribed`'s `online_count`) is kept as members come and go online and
// join or leave, not recomputed from every member at each read: it is right within a second of each change, with Redis
// and in embedded mode (in-process adapters). PRESENCE_TIME_SCALE shrinks the 60 s offline grace to 3 s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { WsClient } from "../../../../test/helpers/ws.ts";

const SCALE = 0.05;

describe.each([
  ["Redis", false],
  ["embedded", true],
])("online count (%s)", (_mode, embedded) => {
  let server: TestServer;
  let http: ReturnType<typeof api>;
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ embedded, env: { PRESENCE_TIME_SCALE: String(SCALE) } });
    http = api(server.url);
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  async function connect(u: TestUser): Promise<WsClient> {
    const { client } = await WsClient.ready(server.url, u.token);
    sockets.push(client);
    return client;
  }

  it("follows connects, disconnects, joins, leaves, kicks and chosen statuses", { timeout: 60_000 }, async () => {
    const [owner, b, c, d] = (await Promise.all(Array.from({ length: 4 }, () => registerUser(server.url)))) as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    const space = (await http.post("/api/spaces", { name: "counted", visibility: "public" }, { token: owner.token })).body.id as string;
    const watcher = await connect(owner);
    /** The count as a subscriber is told it now. */
    const count = async (): Promise<number> => {
      const next = watcher.nextNew("presence:subscribed");
      watcher.send({ type: "presence:subscribe", space_id: space, user_ids: [owner.id] });
      return (await next).online_count;
    };
    const join = async (u: TestUser) =>
      expect((await http.post(`/api/spaces/${space}/join`, undefined, { token: u.token })).status).toBe(200);

    await expect.poll(count).toBe(1); // the owner, connected
    await join(b);
    await expect.poll(count).toBe(1); // b never came online
    const cb = await connect(b);
    await expect.poll(count).toBe(2);
    await connect(c); // online before joining: counted once it joins
    await join(c);
    await expect.poll(count).toBe(3);
    expect((await http.post(`/api/spaces/${space}/leave`, undefined, { token: c.token })).status).toBe(204);
    await expect.poll(count).toBe(2);

    // A kick takes a connected member out of the count.
    const members = (await http.get(`/api/spaces/${space}/members`, { token: owner.token })).body as {
      member_id: string;
      user_id: string;
    }[];
    const bMember = members.find((m) => m.user_id === b.id)!.member_id;
    expect((await http.del(`/api/spaces/${space}/members/${bMember}`, { token: owner.token })).status).toBe(204);
    await expect.poll(count).toBe(1);
    cb.close();

    // Invisible reads as offline to others; back online, counted again.
    await join(d);
    const cd = await connect(d);
    await expect.poll(count).toBe(2);
    expect((await http.post("/api/users/me/presence", { status: "invisible" }, { token: d.token })).status).toBe(200);
    await expect.poll(count).toBe(1);
    expect((await http.post("/api/users/me/presence", { status: "online" }, { token: d.token })).status).toBe(200);
    await expect.poll(count).toBe(2);

    // The last connection closed: still counted through the offline grace (60 s, scaled), not after it.
    const closedAt = Date.now();
    cd.close();
    await expect.poll(() => server.presence.get(d.id, owner.id).then((p) => p.status)).toBe("online");
    if (Date.now() - closedAt < 60_000 * SCALE - 1500) expect(await count()).toBe(2);
    await expect.poll(count, { timeout: 10_000, interval: 200 }).toBe(1);
    // Activity brings it back without a connection.
    expect((await http.post("/api/users/me/activity", undefined, { token: d.token })).status).toBeLessThan(300);
    await expect.poll(count).toBe(2);
  });
});
