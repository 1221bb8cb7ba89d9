// Sign-ups per client address: POST /api/auth/register and POST /api/users/register share one count of
// SIGNUP_LIMIT_PER_HOUR (default 10), taken before any other work whatever the answer; 0 closes sign-ups.
// Each case sends from its own loopback address (127.0.8.x), which the server sees as its own client.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { from, statusCounts } from "../../../../test/helpers/from.ts";
import { metric } from "../../../../test/helpers/metrics.ts";
import { ConfigError, loadConfig } from "../../platform/config.ts";

const newAccount = () => {
  const tag = randomBytes(5).toString("hex");
  return { username: `su_${tag}`, email: `su_${tag}@example.test`, password: `pw-${tag}-long` };
};

describe("sign-up limit (the default, 10 per address and hour)", () => {
  let server: TestServer;
  // An empty value is the default: the test servers otherwise raise the limit for the suite's other files.
  beforeAll(async () => {
    server = await startTestServer({ env: { SIGNUP_LIMIT_PER_HOUR: "" } });
  });
  afterAll(() => server?.stop());

  it("both register endpoints share 10 sign-ups per address; a 409 counts; the 11th is refused (429, Retry-After) without hashing", async () => {
    const me = from(server.url, "127.0.8.1");
    const first = newAccount();
    expect((await me.post("/api/auth/register", first)).status).toBe(201);
    // A taken username answers 409, and counts.
    const clash = await me.post("/api/auth/register", { ...newAccount(), username: first.username });
    expect(clash).toMatchObject({ status: 409, body: { detail: "username already taken" } });
    for (let i = 0; i < 4; i++) expect((await me.post("/api/auth/register", newAccount())).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await me.post("/api/users/register")).status).toBe(200);

    const hashes = await metric(server.url, "password_hashes_total", { op: "hash" });
    const refused = newAccount();
    for (const r of [await me.post("/api/auth/register", refused), await me.post("/api/users/register")]) {
      expect(r).toMatchObject({ status: 429, body: { detail: "too many sign-ups from this address; try again later" } });
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(3600);
    }
    expect(await metric(server.url, "password_hashes_total", { op: "hash" })).toBe(hashes);
    expect((await me.get(`/api/auth/check-username?username=${refused.username}`)).body).toEqual({ available: true });
    // Another address has its own count.
    expect((await from(server.url, "127.0.8.2").post("/api/auth/register", newAccount())).status).toBe(201);
  });

  it("a parallel burst of 30 sign-ups from one address creates exactly 10 accounts", async () => {
    const me = from(server.url, "127.0.8.3");
    const answers = await Promise.all(Array.from({ length: 30 }, () => me.post("/api/users/register")));
    expect(statusCounts(answers)).toEqual({ 200: 10, 429: 20 });
  });
});

describe("closed sign-ups (SIGNUP_LIMIT_PER_HOUR=0)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SIGNUP_LIMIT_PER_HOUR: "0" } });
  });
  afterAll(() => server?.stop());

  it("refuses both register endpoints with 403 and creates nothing", async () => {
    const me = from(server.url, "127.0.8.4");
    const account = newAccount();
    for (const r of [await me.post("/api/auth/register", account), await me.post("/api/users/register")])
      expect(r).toMatchObject({ status: 403, body: { detail: "sign-ups are closed" } });
    expect((await me.get(`/api/auth/check-username?username=${account.username}`)).body).toEqual({ available: true });
  });
});

it("refuses a SIGNUP_LIMIT_PER_HOUR that is not a whole number of 0 or more at start", () => {
  for (const bad of ["-1", "ten", "1.5"])
    expect(() => loadConfig({ DATA_DIR: "/nonexistent", SIGNUP_LIMIT_PER_HOUR: bad }, [])).toThrow(ConfigError);
});
