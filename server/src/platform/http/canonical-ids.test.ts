// Canonical ids at the edge: an id sent in another case is the same id everywhere
// (lookups, caches and their invalidation), and the forms ajv's `uuid` format accepts but PostgreSQL does not
// (`urn:uuid:…`) are refused with 422 before any SQL, like braces.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api, type Reply } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;
let space: { id: string; text: string };

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "warn" } });
  http = api(server.url);
  owner = await registerUser(server.url);
  const created = await http.post("/api/spaces", { name: "ids" }, { token: owner.token });
  const channels = (await http.get(`/api/spaces/${created.body.id}/channels`, { token: owner.token })).body as {
    id: string;
    type: string;
  }[];
  space = { id: created.body.id, text: channels.find((c) => c.type === "text")!.id };
});
afterAll(() => server?.stop());

const commands = (token: string) => http.get("/api/bot/commands", { bot: token });
const up = (id: string) => id.toUpperCase();

const expect422 = (res: Reply, location: string, path: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({
    detail: `${location} ${path}: must match format "uuid"`,
    errors: [{ location, path, message: 'must match format "uuid"', code: "format" }],
  });
};

describe("an uppercase id in the path is the same id, caches included", () => {
  it("rotating a token through an UPPERCASE bot id stops the old token at once", async () => {
    const bot = await createBot(server.url, owner.token);
    expect((await commands(bot.token)).status).toBe(200); // now cached
    const rotated = await http.post(`/api/bots/${up(bot.id)}/token/rotate`, undefined, { token: owner.token });
    expect(rotated.status).toBe(200);
    expect(await commands(bot.token)).toMatchObject({ status: 401, body: { detail: "invalid bot token" } });
    expect((await commands(rotated.body.token)).status).toBe(200);
  });

  it("deleting through an UPPERCASE bot id stops the token at once", async () => {
    const bot = await createBot(server.url, owner.token);
    expect((await commands(bot.token)).status).toBe(200);
    expect((await http.del(`/api/bots/${up(bot.id)}`, { token: owner.token })).status).toBe(204);
    expect(await commands(bot.token)).toMatchObject({ status: 403, body: { detail: "bot is deleted" } });
  });

  it("suspending through an UPPERCASE bot id stops the token at once", async () => {
    const admin = await registerUser(server.url);
    await server.platform.db("users").where({ id: admin.id }).update({ is_admin: true });
    const bot = await createBot(server.url, owner.token);
    expect((await commands(bot.token)).status).toBe(200);
    const res = await http.post(`/api/bots/${up(bot.id)}/suspend`, undefined, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: bot.id, state: "suspended" });
    expect(await commands(bot.token)).toMatchObject({ status: 403, body: { detail: "bot is suspended" } });
  });

  it("uninstalling through UPPERCASE space and bot ids stops the bot in that space at once", async () => {
    const bot = await createBot(server.url, owner.token);
    const installed = await http.post(
      `/api/spaces/${space.id}/bots`,
      { bot_user_id: bot.id, scopes: ["messages.send"], allowed_channel_ids: [space.text] },
      { token: owner.token },
    );
    expect(installed.status).toBe(201);
    const send = () => http.post(`/api/bot/spaces/${space.id}/channels/${space.text}/messages`, { content: "hi" }, { bot: bot.token });
    expect((await send()).status).toBe(201); // the install is now cached
    expect((await http.del(`/api/spaces/${up(space.id)}/bots/${up(bot.id)}`, { token: owner.token })).status).toBe(204);
    expect(await send()).toMatchObject({ status: 403, body: { detail: "bot is revoked" } });
  });

  it("reads answer the canonical (lowercase) id", async () => {
    const res = await http.get(`/api/spaces/${up(space.id)}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(space.id);
    // A percent-escaped character in an id (the path holds no uppercase letter then) is canonical too.
    const escaped = `%${space.id.charCodeAt(0).toString(16)}${space.id.slice(1)}`;
    const viaEscape = await http.get(`/api/spaces/${escaped}/channels`, { token: owner.token });
    expect(viaEscape.status).toBe(200);
    expect(viaEscape.body.map((c: { space_id: string }) => c.space_id)).toContain(space.id);
  });

  it("uppercase ids in a body are stored in canonical form", async () => {
    const bot = await createBot(server.url, owner.token);
    const res = await http.post(
      `/api/spaces/${space.id}/bots`,
      { bot_user_id: up(bot.id), scopes: ["messages.send"], allowed_channel_ids: [up(space.text)] },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ bot_user_id: bot.id, allowed_channel_ids: [space.text] });
  });
});

describe("uuid forms PostgreSQL does not take answer 422, never 5xx", () => {
  it("refuses urn:uuid and braces in a path", async () => {
    expect422(await http.get(`/api/spaces/urn:uuid:${space.id}`, { token: owner.token }), "path", "/space_id");
    expect422(await http.get(`/api/spaces/${encodeURIComponent(`urn:uuid:${up(space.id)}`)}`, { token: owner.token }), "path", "/space_id");
    const braces = await http.get(`/api/spaces/${encodeURIComponent(`{${space.id}}`)}`, { token: owner.token });
    expect(braces.status).toBe(422);
    expect(braces.body.errors[0]).toMatchObject({ location: "path", path: "/space_id", code: "format" });
    const bot = await createBot(server.url, owner.token);
    expect422(await http.post(`/api/bots/urn:uuid:${bot.id}/token/rotate`, undefined, { token: owner.token }), "path", "/bot_id");
    expect((await commands(bot.token)).status).toBe(200);
  });

  it("refuses urn:uuid in a query parameter and in a body field", async () => {
    const msgs = `/api/chat/${space.id}/${space.text}/messages`;
    expect((await http.get(`${msgs}?before=${up(space.id)}`, { token: owner.token })).status).toBe(200);
    expect422(await http.get(`${msgs}?before=urn:uuid:${space.id}`, { token: owner.token }), "query", "/before");
    const bot = await createBot(server.url, owner.token);
    expect422(
      await http.post(
        `/api/spaces/${space.id}/bots`,
        { bot_user_id: `urn:uuid:${bot.id}`, scopes: [], allowed_channel_ids: [] },
        { token: owner.token },
      ),
      "body",
      "/bot_user_id",
    );
    expect422(
      await http.post(
        `/api/spaces/${space.id}/bots`,
        { bot_user_id: bot.id, scopes: [], allowed_channel_ids: [space.text, `urn:uuid:${space.text}`] },
        { token: owner.token },
      ),
      "body",
      "/allowed_channel_ids/1",
    );
  });
});
