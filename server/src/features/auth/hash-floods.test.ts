// Password floods: Argon2 work is admitted per client address (4 waiting or running) and per process (32), and
// runs in turns between addresses; beyond that a request answers 503 `server busy; retry shortly` with
// `Retry-After: 1` at once, having hashed nothing. The failure limits answer before any hashing, except for a
// login from a trusted device of the account. Clients are loopback addresses (127.0.9.x, 127.1.x.y), which
// the server sees as distinct (no TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { callFrom, from, statusCounts, type Answer } from "../../../../test/helpers/from.ts";
import { metric } from "../../../../test/helpers/metrics.ts";
import { registerUser } from "../../../../test/helpers/users.ts";

let server: TestServer;

beforeAll(async () => {
  // Full cost: what is measured here is how the real ~100 ms hashes queue.
  server = await startTestServer({ env: { PASSWORD_HASH_SCALE: "1" } });
});
afterAll(() => server?.stop());

const verifies = () => metric(server.url, "password_hashes_total", { op: "verify" });
const queued = () => metric(server.url, "password_hash_queue");
/** Refusals for want of a slot so far (none where the series does not exist). */
const refusals = async () => {
  const [client, total] = await Promise.all(
    ["client", "total"].map((reason) => metric(server.url, "password_hash_refusals_total", { reason }).catch(() => 0)),
  );
  return client! + total!;
};
/** Flood requests that have reached the hashing stage since `start`: computed, waiting, or refused a slot. */
const reachedHashing = async (start: { verifies: number; refusals: number }) => {
  const [v, q, r] = await Promise.all([verifies(), queued(), refusals()]);
  return v - start.verifies + q + r - start.refusals;
};
const snapshot = async () => ({ verifies: await verifies(), refusals: await refusals() });

const badLogin = (address: string) =>
  callFrom(server.url, address, "POST", "/api/auth/login", {
    body: { login: `nobody_${randomBytes(5).toString("hex")}`, password: "a wrong password" },
  });

/**
 * The fastest of three right logins with nothing else going on: one Argon2 verification plus the request's own
 * cost on this machine now (load only adds to it), the unit the flood's delays are measured in: a shared
 * machine can be 20 times slower than an idle one.
 */
async function calmLogin(address: string, login: string, password: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await from(server.url, address).post("/api/auth/login", { login, password });
    expect(r.status).toBe(200);
    times.push(r.ms);
  }
  return Math.min(...times);
}

describe("password floods", { timeout: 180_000 }, () => {
  it("150 concurrent bad logins from one address delay a right login from another by a few hashes at most", async () => {
    const u = await registerUser(server.url);
    const calm = await calmLogin("127.0.9.2", u.username, u.password);
    const start = await snapshot();
    const flood = Promise.all(Array.from({ length: 150 }, () => badLogin("127.0.9.1")));
    // The right login is sent once the flood is hashing or waiting for it (or refused), not still in the kernel.
    await expect.poll(() => reachedHashing(start), { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(140);
    const sent = await verifies();
    const right = await from(server.url, "127.0.9.2").post("/api/auth/login", { login: u.username, password: u.password });
    const during = (await verifies()) - sent;
    const answers = await flood;
    const counts = statusCounts(answers);
    console.log(
      `one-address flood: right login ${right.status} in ${right.ms.toFixed(0)} ms (calm: ${calm.toFixed(0)} ms, ${during} verifications meanwhile); flood ${JSON.stringify(counts)}`,
    );
    expect(right.status).toBe(200);
    // Behind the whole flood it would wait for ~140 verifications, two at a time; the flood's 4 slots and the
    // few requests not yet read are all that may run before and beside it.
    expect(during).toBeLessThanOrEqual(20);
    expect(right.ms).toBeLessThan(Math.max(500, 10 * calm));
    for (const a of answers.filter((a) => a.status === 503)) {
      expect(a.body).toEqual({ detail: "server busy; retry shortly" });
      expect(a.retryAfter).toBe("1");
    }
    // While 4 are admitted, every other request of the address is refused a slot; 429 when the address's failures
    // counted so far (in flight included) reach 100.
    expect(counts[503]).toBeGreaterThan(0);
    expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(150);
    expect(await metric(server.url, "password_hash_refusals_total", { reason: "client" })).toBeGreaterThan(0);
  });

  it("a flood from 40 addresses gets fast 503s; a login from a 41st is answered at once, and nothing waits long", async () => {
    const u = await registerUser(server.url);
    const calm = await calmLogin("127.1.9.1", u.username, u.password);
    const start = await snapshot();
    const addresses = Array.from({ length: 40 }, (_, i) => `127.1.${Math.floor(i / 10)}.${(i % 10) + 1}`);
    let longestQueue = 0;
    let flooding = true;
    // Sent in rounds over the addresses, so the process's 32 fill before any address's 4 do.
    const flood = Promise.all(Array.from({ length: 6 }).flatMap(() => addresses.map((a) => badLogin(a)))).finally(() => (flooding = false));
    const watch = (async () => {
      while (flooding) longestQueue = Math.max(longestQueue, await queued());
    })();
    await expect.poll(() => reachedHashing(start), { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(220);
    const sent = await verifies();
    const first = await from(server.url, "127.1.9.1").post("/api/auth/login", { login: u.username, password: u.password });
    const during = (await verifies()) - sent;
    const answers: Answer[] = await flood;
    await watch;
    const counts = statusCounts(answers);
    console.log(
      `40-address flood: login from a 41st ${first.status} in ${first.ms.toFixed(0)} ms (calm: ${calm.toFixed(0)} ms, ${during} verifications meanwhile); flood ${JSON.stringify(counts)}; longest hash queue ${longestQueue}`,
    );
    if (first.status === 503) {
      expect(first).toMatchObject({ body: { detail: "server busy; retry shortly" }, retryAfter: "1" });
      expect(first.ms).toBeLessThan(Math.max(500, 3 * calm));
    } else {
      expect(first.status).toBe(200);
    }
    // Admitted, it waits behind at most the 31 others admitted (plus the flood's last unread requests); behind
    // the whole flood it would wait for ~220.
    expect(during).toBeLessThanOrEqual(60);
    expect(counts[503]).toBeGreaterThan(0);
    // (A 429 is the limiter's store not answering in time on a loaded machine: refused, as it should be.)
    expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(240);
    // At most 32 admitted, two of them running: nobody waits behind more than 30 (unbounded, it would be hundreds).
    expect(longestQueue).toBeLessThanOrEqual(30);
    expect(await metric(server.url, "password_hash_refusals_total", { reason: "total" })).toBeGreaterThan(0);
    // Once the flood is answered, the login passes.
    const again = await from(server.url, "127.1.9.1").post("/api/auth/login", { login: u.username, password: u.password });
    expect(again.status).toBe(200);
  });

  it("an address over its failure limit is refused before any hashing, except a login from a trusted device of the account", async () => {
    const u = await registerUser(server.url);
    const http = api(server.url);
    expect((await http.patch(`/api/auth/devices/${u.deviceId}/trust?trusted=true`, undefined, { token: u.token })).status).toBe(200);
    const me = from(server.url, "127.0.9.3");
    // 100 failures from the address, 4 at a time (its share of hashing slots).
    for (let wave = 0; wave < 25; wave++) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => badLogin("127.0.9.3")));
      expect(statusCounts(answers), `wave ${wave}`).toEqual({ 401: 4 });
    }
    const before = await verifies();
    const right = await me.post("/api/auth/login", { login: u.username, password: u.password });
    expect(right).toMatchObject({ status: 429, body: { detail: "too many failed attempts; try again later" } });
    expect(await verifies()).toBe(before);
    const device = { device_id: u.deviceId, device_secret: u.deviceSecret };
    const trusted = await me.post("/api/auth/login", { login: u.username, password: u.password, ...device });
    expect(trusted.status).toBe(200);
    expect(trusted.body.device_id).toBe(u.deviceId);
    // Its wrong passwords are still counted: they answer 401, not 429, and are verified.
    expect((await me.post("/api/auth/login", { login: u.username, password: "not the password", ...device })).status).toBe(401);
  });

  it("an account locked by 10 wrong passwords from anywhere still opens from its trusted device; its failures count", async () => {
    const u = await registerUser(server.url);
    const http = api(server.url);
    expect((await http.patch(`/api/auth/devices/${u.deviceId}/trust?trusted=true`, undefined, { token: u.token })).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect(
        (await from(server.url, `127.0.10.${i + 1}`).post("/api/auth/login", { login: u.username, password: `wrong-${i}` })).status,
      ).toBe(401);
    const me = from(server.url, "127.0.10.20");
    expect((await me.post("/api/auth/login", { login: u.username, password: u.password })).status).toBe(429);
    // A wrong secret is ignored: the device is not recognised, and the lock holds.
    const forged = { device_id: u.deviceId, device_secret: "ds_forged" };
    expect((await me.post("/api/auth/login", { login: u.username, password: u.password, ...forged })).status).toBe(429);
    const device = { device_id: u.deviceId, device_secret: u.deviceSecret };
    expect((await me.post("/api/auth/login", { login: u.username, password: "still wrong", ...device })).status).toBe(401);
    expect((await me.post("/api/auth/login", { login: u.username, password: u.password, ...device })).status).toBe(200);
  });
});
