// Channels of a space: list (members), create / change / delete (admin+), text and voice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser, bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
  [owner, bob] = await Promise.all([registerUser(server.url), registerUser(server.url)]);
});
afterAll(() => server?.stop());

async function space() {
  const s = (await http.post("/api/spaces", { name: "rooms" }, { token: owner.token })).body;
  await http.post(`/api/spaces/join/${s.invite_code}`, undefined, { token: bob.token });
  return s.id as string;
}

describe("channels", () => {
  it("creates text and voice channels at the end, changes and deletes them", async () => {
    const id = await space();
    const res = await http.post(
      `/api/spaces/${id}/channels`,
      { name: "announcements", type: "text", topic: "news" },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ space_id: id, name: "announcements", type: "text", topic: "news", position: 2 });
    expect(res.body.created_at).toMatch(/Z$/);
    const voice = (await http.post(`/api/spaces/${id}/channels`, { name: "stage", type: "voice" }, { token: owner.token })).body;
    expect(voice).toMatchObject({ type: "voice", topic: null, position: 3 });
    const upd = await http.patch(
      `/api/spaces/${id}/channels/${res.body.id}`,
      { name: "news", topic: null, position: 0 },
      { token: owner.token },
    );
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ id: res.body.id, name: "news", topic: null, position: 0, type: "text" });
    expect((await http.del(`/api/spaces/${id}/channels/${voice.id}`, { token: owner.token })).status).toBe(204);
    const list = (await http.get(`/api/spaces/${id}/channels`, { token: bob.token })).body;
    expect(list.map((c: { name: string }) => c.name).sort()).toEqual(["general", "news", "voice"]);
    expect(list.every((c: { space_id: string }) => c.space_id === id)).toBe(true);
  });

  it("members read but do not change; a channel of another space is 404", async () => {
    const id = await space();
    expect((await http.get(`/api/spaces/${id}/channels`, { token: bob.token })).status).toBe(200);
    const denied = await http.post(`/api/spaces/${id}/channels`, { name: "x", type: "text" }, { token: bob.token });
    expect(denied.status).toBe(403);
    const other = await space();
    const foreign = (await http.get(`/api/spaces/${other}/channels`, { token: owner.token })).body[0].id;
    const res = await http.patch(`/api/spaces/${id}/channels/${foreign}`, { name: "y" }, { token: owner.token });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("channel not found");
    expect((await http.del(`/api/spaces/${id}/channels/${foreign}`, { token: owner.token })).status).toBe(404);
  });

  it("answers 422 for bad bodies and ids", async () => {
    const id = await space();
    for (const body of [
      { name: "x", type: "video" },
      { name: "", type: "text" },
      { name: "n".repeat(101), type: "text" },
      { type: "text" },
      { name: "x" },
    ]) {
      expect((await http.post(`/api/spaces/${id}/channels`, body, { token: owner.token })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await http.patch(`/api/spaces/${id}/channels/nope`, { name: "y" }, { token: owner.token })).status).toBe(422);
  });
});
