// Failed logins and 2FA codes are limited per account and per client address (10 per 15 minutes).
// Requests come from different loopback addresses (127.0.0.x) so the two counters can be told apart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { generate } from "otplib";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

function postFrom(from: string, path: string, body: unknown): Promise<{ status: number; body: any; retryAfter: string | undefined }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { method: "POST", localAddress: from, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data) } },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text), retryAfter: res.headers["retry-after"] as string | undefined }));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

describe("brute-force limits", () => {
  it("locks an account after 10 failed logins, whatever the address, even for the right password", async () => {
    const u = await registerUser(server.url);
    for (let i = 0; i < 10; i++) {
      const r = await postFrom(`127.0.0.${10 + i}`, "/api/auth/login", { login: i % 2 ? u.username : u.email, password: `wrong-${i}` });
      expect(r.status, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await postFrom("127.0.0.20", "/api/auth/login", { login: u.username, password: u.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ detail: expect.any(String) });
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(900);
    // Other accounts are untouched.
    const other = await registerUser(server.url);
    expect((await postFrom("127.0.0.21", "/api/auth/login", { login: other.username, password: other.password })).status).toBe(200);
  });

  it("limits an address after 10 failures across accounts; other addresses still log in", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await postFrom("127.0.0.30", "/api/auth/login", { login: `nobody_${i}`, password: "whatever-it-is" })).status).toBe(401);
    }
    const u = await registerUser(server.url);
    const blocked = await postFrom("127.0.0.30", "/api/auth/login", { login: u.username, password: u.password });
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBeDefined();
    expect((await postFrom("127.0.0.31", "/api/auth/login", { login: u.username, password: u.password })).status).toBe(200);
  });

  it("limits failed 2FA codes per account", async () => {
    const u = await registerUser(server.url);
    const http = api(server.url);
    const setup = await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token });
    const secret = setup.body.secret as string;
    await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password, code: await generate({ secret }) }, { token: u.token });
    const challenge = await postFrom("127.0.0.40", "/api/auth/login", { login: u.username, password: u.password });
    for (let i = 0; i < 10; i++) {
      const r = await postFrom(`127.0.0.${41 + i}`, "/api/auth/login/2fa", { two_factor_token: challenge.body.two_factor_token, code: `not-a-code-${i}` });
      expect(r).toMatchObject({ status: 401, body: { detail: "invalid code" } });
    }
    const locked = await postFrom("127.0.0.60", "/api/auth/login/2fa", { two_factor_token: challenge.body.two_factor_token, code: "whatever" });
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBeDefined();
  });

  it("answers unknown users and wrong passwords in about the same time", async () => {
    const u = await registerUser(server.url);
    const time = async (login: string, from: string) => {
      const t = process.hrtime.bigint();
      expect((await postFrom(from, "/api/auth/login", { login, password: "definitely-wrong" })).status).toBe(401);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time(u.username, `127.0.1.${i}`));
      unknown.push(await time(`ghost_${i}`, `127.0.2.${i}`));
    }
    // The fastest of each: load on a shared machine only ever adds time, so the minimum is the real cost.
    const ratio = Math.min(...known) / Math.min(...unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
