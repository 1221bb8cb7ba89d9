// Smoke test of the embedded mode (the embedded PostgreSQL, in-process adapters): the account basics work there too.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ embedded: true });
});
afterAll(() => server?.stop());

it("registers, logs in, reads /me, and logs out at once", async () => {
  const http = api(server.url);
  const u = await registerUser(server.url);
  const login = await http.post("/api/auth/login", { login: u.email, password: u.password });
  expect(login.status).toBe(200);
  expect(login.body.requires_2fa).toBe(false);
  const me = await http.get("/api/auth/me", { token: login.body.access_token });
  expect(me).toMatchObject({ status: 200, body: { id: u.id, username: u.username } });
  expect((await http.get("/api/auth/devices", { token: u.token })).body).toHaveLength(2);
  expect((await http.post("/api/auth/logout", undefined, { token: login.body.access_token })).status).toBe(200);
  expect((await http.get("/api/auth/me", { token: login.body.access_token })).status).toBe(401);
  // The verification mail went to the log (no SMTP_URL), link included.
  await expect.poll(() => /\/verify-email\?token=/.test(server.logs())).toBe(true);
});
