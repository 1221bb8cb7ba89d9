// Bots per owner (25) and webhooks per bot (10), counted under a row lock so a parallel burst cannot pass them;
// deleted bots do not count. Anonymous accounts create neither (403 `register an account first`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { useTestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { statusCounts } from "../../../../test/helpers/from.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { insertUser } from "../../../../test/helpers/fixtures.ts";

const server = useTestServer();
const http = () => api(server().url);
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx?.close());

const newBot = (token: string) => http().post("/api/bots", { username: `q_${randomBytes(5).toString("hex")}` }, { token });
const statuses = (rs: { status: number }[]) => statusCounts(rs as never);

describe("quotas", () => {
  it("30 parallel bot creates by one owner: exactly 25 succeed, the rest 400; a deleted bot frees its place", async () => {
    const owner = await registerUser(server().url);
    const answers = await Promise.all(Array.from({ length: 30 }, () => newBot(owner.token)));
    expect(statuses(answers)).toEqual({ 201: 25, 400: 5 });
    for (const r of answers.filter((r) => r.status === 400)) expect(r.body).toEqual({ detail: "limit reached: 25 bots per account" });
    const listed = await http().get("/api/bots", { token: owner.token });
    expect(listed.body).toHaveLength(25);
    const gone = answers.find((r) => r.status === 201)!.body.bot.id;
    expect((await http().del(`/api/bots/${gone}`, { token: owner.token })).status).toBe(204);
    expect((await newBot(owner.token)).status).toBe(201);
    expect((await newBot(owner.token)).body).toEqual({ detail: "limit reached: 25 bots per account" });
  });

  it("15 parallel webhook creates on one bot: exactly 10 succeed, the rest 400", async () => {
    const owner = await registerUser(server().url);
    const bot = (await newBot(owner.token)).body.bot.id;
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        http().post(`/api/bots/${bot}/webhooks`, { url: rx.url, events: ["webhook.ping"] }, { token: owner.token }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 10, 400: 5 });
    for (const r of answers.filter((r) => r.status === 400)) expect(r.body).toEqual({ detail: "limit reached: 10 webhooks per bot" });
    expect((await http().get(`/api/bots/${bot}/webhooks`, { token: owner.token })).body).toHaveLength(10);
  });

  it("an anonymous account creates no bot and no webhook (403), and nothing is written", async () => {
    const anon = (await http().post("/api/users/register")).body;
    const refused = await newBot(anon.access_token);
    expect(refused).toMatchObject({ status: 403, body: { detail: "register an account first" } });
    expect((await http().get("/api/bots", { token: anon.access_token })).body).toEqual([]);
    // A bot it owned from before anonymous accounts were restricted (written straight to the database).
    const db = server().platform.db;
    const { id: botId } = await insertUser(db);
    await db("users").where({ id: botId }).update({ is_bot: true });
    await db("bots").insert({ user_id: botId, owner_id: anon.id, token_hash: randomBytes(32) });
    const hook = await http().post(`/api/bots/${botId}/webhooks`, { url: rx.url, events: ["webhook.ping"] }, { token: anon.access_token });
    expect(hook).toMatchObject({ status: 403, body: { detail: "register an account first" } });
    expect(await db("webhooks").where({ bot_user_id: botId })).toEqual([]);
  });
});
