// TRUST_PROXY (docs/configuration.md): behind a trusted proxy the client address of the per-address limits is the one
// X-Forwarded-For names; without TRUST_PROXY the header is ignored (brute-force.test.ts checks that side).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../platform/config.ts";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { ADDRESS_LIMIT } from "./brute-force.ts";

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "loopback" } });
  http = api(server.url);
});
afterAll(() => server?.stop());

const loginVia = (client: string, login: string, password = "whatever-it-is") =>
  http.post("/api/auth/login", { login, password }, { headers: { "x-forwarded-for": client } });

describe("TRUST_PROXY=loopback", () => {
  // 100 Argon2 verifications, two at a time: seconds on an idle machine, more on a loaded one.
  it("counts failures per X-Forwarded-For client: one client's lock leaves the others alone", { timeout: 120_000 }, async () => {
    // Unknown logins are verified against a dummy hash (same cost as a real one): sent in waves of 4, a client
    // address's share of hashing slots.
    for (let wave = 0; wave < ADDRESS_LIMIT.points / 4; wave++) {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => loginVia("203.0.113.7", `nobody_${wave}_${i}`)));
      expect(answers.map((a) => a.status)).toEqual(Array(4).fill(401));
    }
    const locked = await loginVia("203.0.113.7", "nobody_more");
    expect(locked).toMatchObject({ status: 429, body: { detail: "too many failed attempts; try again later" } });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Same socket address (the proxy, 127.0.0.1), another client behind it: not limited.
    expect((await loginVia("203.0.113.8", "nobody_else")).status).toBe(401);
    // The first hop the proxy appended is the client; what the client itself claims further left is not believed.
    expect((await loginVia("198.51.100.1, 203.0.113.7", "nobody_again")).status).toBe(429);
    // A correct login from the locked client is refused too (before any hashing); from another client it passes.
    const u = await registerUser(server.url);
    expect((await loginVia("203.0.113.7", u.username, u.password)).status).toBe(429);
    expect((await loginVia("203.0.113.8", u.username, u.password)).status).toBe(200);
  });
});

describe("TRUST_PROXY values", () => {
  const base = { NODE_ENV: "test", DATABASE_URL: "postgres://localhost/x", DATA_KEY: Buffer.alloc(32, 1).toString("base64") };
  it("accepts a hop count, loopback and CIDR lists; unset keeps the socket address", () => {
    expect(loadConfig({ ...base }, []).trustProxy).toBeUndefined();
    expect(loadConfig({ ...base, TRUST_PROXY: "1" }, []).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: "loopback" }, []).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, fd00::/8,192.168.1.1" }, []).trustProxy).toEqual([
      "10.0.0.0/8",
      "fd00::/8",
      "192.168.1.1",
    ]);
  });

  it("refuses anything else at start, naming the variable", () => {
    for (const bad of ["lopback", "10.0.0.0/40", "300.1.1.1", "1.5"]) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }, []), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }, []), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
