// Respond re-checks at reply time what the invocation checked: the invoker is still a member
// of the space, and the bot still holds an ACTIVE membership with the `commands` scope and the invocation's channel there. The interaction
// token (valid 15 minutes) alone is not enough.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { world, type World } from "../../../../test/helpers/interactions.ts";
import { InteractionTokens } from "./token.ts";
import { newId } from "../../platform/ids.ts";

let server: TestServer;
let w: World;
let tokens: InteractionTokens;

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "warn" } });
  w = await world(server);
  tokens = new InteractionTokens(server.env.BOT_TOKEN_SECRET!, () => Date.now());
});
afterAll(() => server?.stop());

/** The interaction token a bot receives in `command.invoked` for `userId` in the general channel. */
const tokenFor = (userId: string) => tokens.sign({ iid: newId(), bot: w.bot.id, usr: userId, sp: w.space.id, ch: w.space.generalId });
const respond = (interactionToken: string) =>
  w.http.post("/api/bot/interactions/respond", { interaction_token: interactionToken, content: "hi" }, { bot: w.bot.token });

describe("respond re-checks membership and scope", () => {
  it("answers 204 while both hold, and 403 once the invoker has left the space", async () => {
    const u = await w.member();
    expect((await w.invoke(u, { command: "ping" })).status).toBe(202);
    const token = tokenFor(u.id);
    expect((await respond(token)).status).toBe(204);
    expect((await w.http.post(`/api/spaces/${w.space.id}/leave`, undefined, { token: u.token })).status).toBe(204);
    const res = await respond(token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "invoker is no longer a member of this space" });
  });

  it("answers 403 missing scope: commands once the bot's `commands` scope is taken away", async () => {
    const u = await w.member();
    const token = tokenFor(u.id);
    expect((await respond(token)).status).toBe(204);
    const path = `/api/spaces/${w.space.id}/bots/${w.bot.id}`;
    expect((await w.http.patch(path, { scopes: ["messages.send"] }, { token: w.owner.token })).status).toBe(200);
    try {
      const res = await respond(token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: "missing scope: commands" });
    } finally {
      expect((await w.http.patch(path, { scopes: ["commands"] }, { token: w.owner.token })).status).toBe(200);
    }
    expect((await respond(token)).status).toBe(204);
  });

  it("answers 403 bot has no access to this channel once the invocation's channel is taken from the bot", async () => {
    const u = await w.member();
    const token = tokenFor(u.id);
    expect((await respond(token)).status).toBe(204);
    const path = `/api/spaces/${w.space.id}/bots/${w.bot.id}`;
    expect((await w.http.patch(path, { allowed_channel_ids: [w.space.voiceId] }, { token: w.owner.token })).status).toBe(200);
    try {
      const res = await respond(token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: "bot has no access to this channel" });
    } finally {
      expect((await w.http.patch(path, { allowed_channel_ids: [w.space.generalId] }, { token: w.owner.token })).status).toBe(200);
    }
    expect((await respond(token)).status).toBe(204);
  });

  it("answers 404 bot not found in this space for a space the bot was never installed in", async () => {
    const u = await w.member();
    const token = tokens.sign({ iid: newId(), bot: w.bot.id, usr: u.id, sp: newId(), ch: w.space.generalId });
    const res = await respond(token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "bot not found in this space" });
  });
});
