// Argon2 (≈100 ms of a libuv thread each) runs only after the cheap checks have passed, and at most
// HASH_CONCURRENCY at once. Observed through GET /metrics: password_hashes_total{op} counts every Argon2 run,
// password_hash_waits_total every run that had to wait for a free slot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { metric } from "../../../../test/helpers/metrics.ts";
import { from } from "../../../../test/helpers/from.ts";
import { HASH_CONCURRENCY } from "./passwords.ts";

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  // Full cost: what is measured here is how the real ~100 ms hashes queue.
  server = await startTestServer({ env: { PASSWORD_HASH_SCALE: "1" } });
  http = api(server.url);
});
afterAll(() => server?.stop());

const hashes = () => metric(server.url, "password_hashes_total", { op: "hash" });

describe("Argon2 after the cheap checks", () => {
  it("register hashes once when it succeeds, and not at all for a taken username or e-mail (409)", async () => {
    const before = await hashes();
    const u = await registerUser(server.url);
    expect(await hashes()).toBe(before + 1);
    const sameName = await http.post("/api/auth/register", {
      username: u.username.toUpperCase(),
      email: `x_${u.email}`,
      password: "long enough password",
    });
    expect(sameName).toMatchObject({ status: 409, body: { detail: "username already taken" } });
    const sameMail = await http.post("/api/auth/register", {
      username: `x_${u.username}`,
      email: u.email.toUpperCase(),
      password: "long enough password",
    });
    expect(sameMail).toMatchObject({ status: 409, body: { detail: "email already registered" } });
    expect(await hashes()).toBe(before + 1);
  });

  it("a race of two registers of one name still ends in one 201 and one 409", async () => {
    const name = `race_${randomBytes(4).toString("hex")}`;
    const [a, b] = await Promise.all(
      [1, 2].map((i) =>
        http.post("/api/auth/register", { username: name, email: `${name}_${i}@example.test`, password: "long enough password" }),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r!.status === 409)!.body).toEqual({ detail: "username already taken" });
  });

  it("reset-password with an unknown token answers 400 without hashing the new password", async () => {
    const before = await hashes();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        http.post("/api/auth/reset-password", { token: `pr_${randomBytes(16).toString("hex")}`, new_password: "brand new password" }),
      ),
    );
    for (const r of answers) expect(r).toMatchObject({ status: 400, body: { detail: "invalid or expired token" } });
    expect(await hashes()).toBe(before);
  });

  it("the anonymous upgrade hashes only once its checks pass (not anonymous: 400; taken e-mail: 409)", async () => {
    const taken = await registerUser(server.url);
    const anon = await http.post("/api/users/register", undefined);
    expect(anon.status).toBe(200);
    const before = await hashes();
    const clash = await http.patch(
      "/api/users/me",
      { username: `up_${randomBytes(4).toString("hex")}`, email: taken.email, password: "long enough password" },
      { token: anon.body.access_token },
    );
    expect(clash).toMatchObject({ status: 409, body: { detail: "email already registered" } });
    const notAnon = await http.patch(
      "/api/users/me",
      { username: `up_${randomBytes(4).toString("hex")}`, email: `n_${taken.email}`, password: "long enough password" },
      { token: taken.token },
    );
    expect(notAnon).toMatchObject({ status: 400, body: { detail: "email and password can only be set here by anonymous users" } });
    expect(await hashes()).toBe(before);
    const name = `up_${randomBytes(4).toString("hex")}`;
    const ok = await http.patch(
      "/api/users/me",
      { username: name, email: `${name}@example.test`, password: "long enough password" },
      { token: anon.body.access_token },
    );
    expect(ok).toMatchObject({ status: 200, body: { username: name, is_anonymous: false, email_verified: false, is_admin: false } });
    expect(await hashes()).toBe(before + 1);
  });
});

describe("bounded hashing", () => {
  it(`runs at most ${HASH_CONCURRENCY} Argon2 computations at once: of a burst of 10 registrations, the others wait`, async () => {
    const waits = () => metric(server.url, "password_hash_waits_total");
    const before = await waits();
    const tag = randomBytes(4).toString("hex");
    // From 10 addresses: one address gets 4 slots at most (hash-floods.test.ts).
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        from(server.url, `127.0.11.${i + 1}`).post("/api/auth/register", {
          username: `b_${tag}_${i}`,
          email: `b_${tag}_${i}@example.test`,
          password: "long enough password",
        }),
      ),
    );
    for (const r of answers) expect(r.status).toBe(201);
    // Ten requests arrive within a few milliseconds; each hash takes ≈100 ms: with 2 slots at least 8 wait.
    // Two of slack for a slow arrival; a bound of 5 or more (or none) fails this.
    expect((await waits()) - before).toBeGreaterThanOrEqual(6);
  });
});
