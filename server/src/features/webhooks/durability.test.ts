// The parts of delivery that take real time or real crashes: the true retry schedule, the 10 s time-out,
// the connect-time SSRF guard under the policy the process runs with, and a server killed mid-delivery losing
// nothing.
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { startReceiver } from "../../../../test/helpers/receiver.ts";
import { startServerProcess } from "../../../../test/helpers/process.ts";
import { claimTestRedis, createTestDatabase } from "../../../../test/helpers/resources.ts";
import { WebhookSender } from "./sender.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(); // WEBHOOK_RETRY_SCALE 1: the real schedule
});
afterAll(() => server?.stop());

/** A new owner's bot with a `webhook.ping` webhook to `url`, all through the API of the server at `base`. */
async function botWithWebhook(base: string, url: string) {
  const owner = await registerUser(base);
  const { id: botId } = await createBot(base, owner.token);
  const hook = await api(base).post(`/api/bots/${botId}/webhooks`, { url, events: ["webhook.ping"] }, { token: owner.token });
  expect(hook.status).toBe(201);
  const ping = (at = base) => api(at).post(`/api/bots/${botId}/webhooks/${hook.body.id}/ping`, undefined, { token: owner.token });
  const log = async (at = base) =>
    (await api(at).get(`/api/bots/${botId}/webhooks/${hook.body.id}/deliveries`, { token: owner.token })).body as any[];
  return { ping, log };
}

// The timing test mostly waits on the real schedule and the crash tests mostly wait for a stalled job to be taken
// up again; nothing is shared between them but the first server, so they run at once.

/** A TCP listener on 127.0.0.1 that counts connections and closes each: where an https attempt would connect. */
async function startListener() {
  let connections = 0;
  const server = createNetServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
describe.concurrent("webhook delivery durability", () => {
  describe("timing", () => {
    // Concurrent tests assert with their own context's expect (expect.poll needs to know its test).
    it("retries after 1 s then 5 s, and times out an answer that takes over 10 s", { timeout: 60_000 }, async ({ expect }) => {
      const failing = await startReceiver();
      failing.respond((_r, res) => void res.writeHead(500).end());
      const hanging = await startReceiver();
      hanging.respond(() => {}); // never answers
      const a = await botWithWebhook(server.url, failing.url);
      const b = await botWithWebhook(server.url, hanging.url);
      // The attempt's 10 s run from when it is sent, which is after the ping was asked for. (The receiver's own clock
      // notes the request once it has read it, which on a loaded machine can be a few hundred ms after it was sent.)
      const pinged = Date.now();
      await Promise.all([a.ping(), b.ping()]);

      const [first, second, third] = await failing.waitFor(3, 25_000);
      const gap1 = (second!.at - first!.at) / 1000;
      const gap2 = (third!.at - second!.at) / 1000;
      // Never early; late only by what a loaded machine adds, and each well before the schedule's next step (5 s, 30 s).
      expect(gap1).toBeGreaterThanOrEqual(0.9);
      expect(gap1).toBeLessThan(4);
      expect(gap2).toBeGreaterThanOrEqual(4.9);
      expect(gap2).toBeLessThan(15);
      // The third attempt is recorded just after the receiver answered it.
      await expect
        .poll(async () => (await a.log())[0], { timeout: 5_000 })
        .toMatchObject({ status: "pending", attempts: 3, last_status_code: 500 });
      const [pendingA] = await a.log();
      expect(new Date(pendingA.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(20_000); // the third retry waits 30 s

      await hanging.waitFor(1);
      await expect
        .poll(async () => (await b.log())[0], { timeout: 20_000, interval: 200 })
        .toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: "timeout after 10 s" });
      expect(Date.now() - pinged).toBeGreaterThanOrEqual(10_000);
      await failing.close();
      await hanging.close();
    });
  });

  describe("SSRF guard at connect time", () => {
    it("refuses to connect when the name resolves to a non-public address", async ({ expect }) => {
      const listener = await startListener();
      const sender = new WebhookSender(false);
      for (const url of [`https://localhost:${listener.port}/hook`, `https://127.0.0.1.nip.invalid:${listener.port}/`]) {
        const result = await sender.send(url, {}, "{}");
        expect(result.ok).toBe(false);
      }
      const local = await sender.send(`https://localhost:${listener.port}/hook`, {}, "{}");
      expect(local.error).toBe("EADDRNOTALLOWED");
      expect(listener.connections).toBe(0);
      await sender.close();
      await listener.close();
    });

    it("refuses to connect to a non-public IP literal (Node connects to one without a lookup) and to plain http", async ({ expect }) => {
      const listener = await startListener();
      const sender = new WebhookSender(false);
      for (const url of [`https://127.0.0.1:${listener.port}/hook`, `https://[::ffff:127.0.0.1]:${listener.port}/hook`]) {
        expect(await sender.send(url, {}, "{}"), url).toEqual({ ok: false, status: null, error: "EADDRNOTALLOWED" });
      }
      // A public address, so only the scheme is at fault; refused before any connection is tried.
      expect(await sender.send("http://93.184.216.34/hook", {}, "{}")).toEqual({ ok: false, status: null, error: "EHTTPNOTALLOWED" });
      expect(listener.connections).toBe(0);
      await sender.close();
      await listener.close();
    });
  });

  describe("address policy at every attempt", () => {
    it(
      "webhooks to loopback saved under WEBHOOK_ALLOW_PRIVATE=true are not sent after a restart without it; the deliveries record why",
      { timeout: 90_000 },
      async ({ expect }) => {
        const db = await createTestDatabase();
        const redis = await claimTestRedis();
        const env = {
          DATABASE_URL: db.url,
          REDIS_URL: redis.url,
          LOG_LEVEL: "warn",
          DATA_KEY: Buffer.alloc(32, 9).toString("base64"),
        };
        const receiver = await startReceiver(); // plain http on 127.0.0.1
        const listener = await startListener(); // counts TCP connections on 127.0.0.1: an https URL's attempt would open one
        try {
          const a = await startTestServer({ env: { ...env, WEBHOOK_ALLOW_PRIVATE: "true" } });
          let plain: Awaited<ReturnType<typeof botWithWebhook>>, tls: Awaited<ReturnType<typeof botWithWebhook>>;
          try {
            plain = await botWithWebhook(a.url, `${receiver.url}/hook`);
            tls = await botWithWebhook(a.url, `https://127.0.0.1:${listener.port}/hook`);
          } finally {
            await a.stop();
          }
          const b = await startTestServer({ env: { ...env, WEBHOOK_ALLOW_PRIVATE: "false" } });
          try {
            expect((await plain.ping(b.url)).status).toBe(202);
            expect((await tls.ping(b.url)).status).toBe(202);
            await expect
              .poll(async () => (await plain.log(b.url))[0], { timeout: 20_000, interval: 100 })
              .toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: "EHTTPNOTALLOWED" });
            await expect
              .poll(async () => (await tls.log(b.url))[0], { timeout: 20_000, interval: 100 })
              .toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: "EADDRNOTALLOWED" });
          } finally {
            await b.stop();
          }
          expect(receiver.received).toHaveLength(0);
          expect(listener.connections).toBe(0);
        } finally {
          await receiver.close();
          await listener.close();
          await db.drop();
          await redis.release();
        }
      },
    );
  });

  describe("crash durability", () => {
    it.for([
      ["BullMQ on Redis", true],
      ["BullMQ on PostgreSQL (no REDIS_URL)", false],
    ] as const)(
      "%s: a server killed mid-delivery delivers the event after restart, same delivery id",
      { timeout: 150_000 },
      async ([, withRedis], { expect }) => {
        const db = await createTestDatabase();
        const redis = await claimTestRedis();
        const env = {
          DATABASE_URL: db.url,
          ...(withRedis ? { REDIS_URL: redis.url } : {}),
          WEBHOOK_ALLOW_PRIVATE: "true",
          JWT_SECRET: "x".repeat(40),
          BOT_TOKEN_SECRET: "y".repeat(40),
          DATA_KEY: Buffer.alloc(32, 7).toString("base64"),
        };
        const receiver = await startReceiver();
        receiver.respond(() => {}); // the first attempt hangs: the delivery is in flight when the server dies
        const a = await startServerProcess(env);
        try {
          const hook = await botWithWebhook(a.url, receiver.url);
          const ping = await hook.ping();
          await receiver.waitFor(1);
          await a.kill();
          receiver.respond((_r, res) => void res.writeHead(200).end());

          // The restart runs in this process: only the crash needs a process of its own (a start there costs seconds).
          const b = await startTestServer({ env: { ...env, ...(withRedis ? {} : { REDIS_URL: "" }) } });
          try {
            const [, again] = await receiver.waitFor(2, 40_000);
            expect(again!.headers["x-service-delivery"]).toBe(ping.body.delivery_id);
            expect(again!.raw).toBe(receiver.received[0]!.raw);
            await expect
              .poll(async () => (await hook.log(b.url))[0], { timeout: 10_000, interval: 100 })
              .toMatchObject({ id: ping.body.delivery_id, status: "delivered" });
          } finally {
            await b.stop();
          }
        } finally {
          await receiver.close();
          await db.drop();
          await redis.release();
        }
      },
    );
  });
});
