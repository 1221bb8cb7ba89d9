// A graceful stop (SIGTERM, a deploy) records what this process's attempts achieved before it lets go of the
// database: an invocation the bot has already answered is delivered, not left pending for the next process's
// sweeper to send again. (A crash may still redeliver, under the same id, which receivers de-duplicate.)
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import knex, { type Knex } from "knex";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { startReceiver, type Receiver } from "../../../../test/helpers/receiver.ts";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/resources.ts";
import { world } from "../../../../test/helpers/interactions.ts";

let database: TestDatabase;
let db: Knex;
let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: "pg", connection: database.url, pool: { min: 0, max: 2 } });
  receiver = await startReceiver();
});
beforeEach(async () => {
  server = await startTestServer({ env: { DATABASE_URL: database.url, LOG_LEVEL: "warn" } });
});
afterEach(() => server?.stop());
afterAll(async () => {
  await receiver?.close();
  await db?.destroy();
  await database?.drop();
});

// Each case stops the server: one server per case.
it.each([
  ["as the bot answers", 0],
  ["while the bot takes 300 ms to answer", 300],
])("a stop %s leaves the invocation's delivery delivered", async (_name, answerAfterMs) => {
  const w = await world(server);
  const hook = await w.http.post(
    `/api/bots/${w.bot.id}/webhooks`,
    { url: receiver.url, events: ["command.invoked"] },
    { token: w.owner.token },
  );
  expect(hook.status).toBe(201);
  const user = await w.member();
  let stopping: Promise<void> | undefined;
  receiver.respond((_r, res) => {
    stopping = server.close(5000);
    setTimeout(() => res.writeHead(200).end("ok"), answerAfterMs);
  });
  const invoked = await w.invoke(user, { command: "ping" });
  expect(invoked.status).toBe(202);
  await receiver.waitFor(receiver.received.length + 1);
  await stopping;

  const rows = await db("deliveries").where({ webhook_id: hook.body.id }).select("status", "attempts", "last_status_code");
  expect(rows).toEqual([{ status: "delivered", attempts: 1, last_status_code: 200 }]);
});
