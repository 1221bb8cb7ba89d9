// Results recorded in batches (results.ts) and first attempts made by the process itself (dispatcher.enqueue) must
// not weaken durability: a server killed after the receiver has answered but while that result still waits for
// its batch to be written loses nothing — the delivery is attempted again, same id and same bytes, and ends delivered.
import knexFactory from "knex";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { startReceiver } from "../../../../test/helpers/receiver.ts";
import { startServerProcess } from "../../../../test/helpers/process.ts";
import { claimTestRedis, createTestDatabase } from "../../../../test/helpers/resources.ts";
import { insertSpace } from "../../../../test/helpers/fixtures.ts";
import { installBot } from "../../../../test/helpers/interactions.ts";
import type { TestServer } from "../../../../test/helpers/server.ts";

describe("batched results", () => {
  it(
    "a server killed while a successful attempt's result waits for its batch delivers it again, same id",
    { timeout: 150_000 },
    async () => {
      const db = await createTestDatabase();
      const redis = await claimTestRedis();
      const env = {
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        WEBHOOK_ALLOW_PRIVATE: "true",
        JWT_SECRET: "x".repeat(40),
        BOT_TOKEN_SECRET: "y".repeat(40),
        DATA_KEY: Buffer.alloc(32, 7).toString("base64"),
      };
      const sql = knexFactory({ client: "pg", connection: db.url, pool: { min: 0, max: 2 } });
      const lock = await sql.transaction();
      const receiver = await startReceiver();
      // The first request is answered only once its row is locked: the batch recording its result waits on the lock,
      // and the results behind it wait in the server's memory. Later requests are answered at once.
      let locking = false;
      receiver.respond((r, res) => {
        if (locking) return void res.writeHead(200).end();
        locking = true;
        void lock("deliveries")
          .where({ id: r.headers["x-service-delivery"] as string })
          .forUpdate()
          .first()
          .then(() => res.writeHead(200).end());
      });
      const a = await startServerProcess(env);
      let killed = false;
      try {
        const owner = await registerUser(a.url);
        const space = await insertSpace(sql, owner.id);
        const server = { url: a.url } as TestServer; // installBot uses the HTTP API only
        const listener = await installBot(server, owner, space.id, { channels: [space.generalId], scopes: ["commands"] });
        expect(
          (
            await api(a.url).post(
              `/api/bots/${listener.id}/webhooks`,
              { url: receiver.url, events: ["message.created"] },
              { token: owner.token },
            )
          ).status,
        ).toBe(201);
        const sender = await installBot(server, owner, space.id, { channels: [space.generalId], scopes: ["messages.send"] });
        const send = (content: string) =>
          api(a.url).post(`/api/bot/spaces/${space.id}/channels/${space.generalId}/messages`, { content }, { bot: sender.token });
        expect((await send("first")).status).toBe(201);
        const waitingOnLock = async () =>
          (
            await sql.raw(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%UPDATE deliveries%'",
            )
          ).rows[0].n;
        await expect.poll(waitingOnLock, { timeout: 20_000 }).toBe(1);

        expect((await send("second")).status).toBe(201);
        await expect.poll(() => receiver.received.some((r) => r.raw.includes('"content":"second"')), { timeout: 20_000 }).toBe(true);
        const first = receiver.received.find((r) => r.raw.includes('"content":"second"'))!;
        const id = first.headers["x-service-delivery"] as string;
        // Answered 200, its result not written: it waits behind the blocked batch.
        expect(await sql("deliveries").where({ id }).first()).toMatchObject({ status: "pending", attempts: 0 });
        await a.kill();
        killed = true;
        await lock.rollback();

        const b = await startTestServer({ env });
        try {
          const attemptsOf = () => receiver.received.filter((r) => r.headers["x-service-delivery"] === id);
          await expect.poll(() => attemptsOf().length, { timeout: 45_000, interval: 200 }).toBe(2);
          expect(attemptsOf()[1]!.raw).toBe(first.raw);
          await expect.poll(async () => (await sql("deliveries").where({ id }).first())?.status, { timeout: 10_000 }).toBe("delivered");
        } finally {
          await b.stop();
        }
      } finally {
        await lock.rollback().catch(() => {});
        if (!killed) await a.kill().catch(() => {});
        await sql.destroy();
        await receiver.close();
        await db.drop();
        await redis.release();
      }
    },
  );
});
