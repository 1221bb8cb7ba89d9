// Device sessions, availability checks and push tokens over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
});
afterAll(() => server?.stop());

describe("devices", () => {
  it("lists open sessions newest first, marks the current one, and hides revoked ones", async () => {
    const u = await registerUser(server.url);
    const phone = await http.post(
      "/api/auth/login",
      { login: u.username, password: u.password, device_name: "Phone" },
      { headers: { "user-agent": "ParleyPhone/1.0" } },
    );
    const laptop = await http.post("/api/auth/login", { login: u.username, password: u.password, device_name: "Laptop" });
    const list = await http.get("/api/auth/devices", { token: phone.body.access_token });
    expect(list.status).toBe(200);
    expect(list.body.map((d: { device_id: string }) => d.device_id)).toEqual([laptop.body.device_id, phone.body.device_id, u.deviceId]);
    expect(list.body[1]).toEqual({
      device_id: phone.body.device_id,
      name: "Phone",
      user_agent: "ParleyPhone/1.0",
      created_at: expect.stringMatching(/Z$/),
      last_seen_at: expect.stringMatching(/Z$/),
      trusted: false,
      current: true,
    });
    expect(list.body.filter((d: { current: boolean }) => d.current)).toHaveLength(1);

    await http.post("/api/auth/logout", undefined, { token: laptop.body.access_token });
    const after = await http.get("/api/auth/devices", { token: u.token });
    expect(after.body.map((d: { device_id: string }) => d.device_id)).toEqual([phone.body.device_id, u.deviceId]);
    expect(after.body[1].current).toBe(true);
    expect((await http.get("/api/auth/devices")).status).toBe(401);
  });

  it("trusts and untrusts the caller's own devices only", async () => {
    const u = await registerUser(server.url);
    const other = await registerUser(server.url);
    const on = await http.patch(`/api/auth/devices/${u.deviceId}/trust?trusted=true`, undefined, { token: u.token });
    expect(on).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await http.get("/api/auth/devices", { token: u.token })).body[0].trusted).toBe(true);
    await http.patch(`/api/auth/devices/${u.deviceId}/trust?trusted=false`, undefined, { token: u.token });
    expect((await http.get("/api/auth/devices", { token: u.token })).body[0].trusted).toBe(false);

    expect(await http.patch(`/api/auth/devices/${other.deviceId}/trust?trusted=true`, undefined, { token: u.token })).toMatchObject({
      status: 404,
    });
    expect(
      (await http.patch(`/api/auth/devices/0190f3f0-0000-7000-8000-000000000000/trust?trusted=true`, undefined, { token: u.token })).status,
    ).toBe(404);
    expect((await http.patch(`/api/auth/devices/not-a-uuid/trust?trusted=true`, undefined, { token: u.token })).status).toBe(422);
    expect((await http.patch(`/api/auth/devices/${u.deviceId}/trust`, undefined, { token: u.token })).status).toBe(422);
    expect((await http.patch(`/api/auth/devices/${u.deviceId}/trust?trusted=maybe`, undefined, { token: u.token })).status).toBe(422);
  });

  it("DELETE /devices ends every other session at once and keeps the current one", async () => {
    const u = await registerUser(server.url);
    const a = await http.post("/api/auth/login", { login: u.username, password: u.password });
    const b = await http.post("/api/auth/login", { login: u.username, password: u.password });
    expect((await http.get("/api/auth/me", { token: a.body.access_token })).status).toBe(200);
    const res = await http.del("/api/auth/devices", { token: u.token });
    expect(res.status).toBe(204);
    expect((await http.get("/api/auth/me", { token: a.body.access_token })).status).toBe(401);
    expect((await http.get("/api/auth/me", { token: b.body.access_token })).status).toBe(401);
    expect((await http.post("/api/auth/refresh", { refresh_token: b.body.refresh_token })).status).toBe(401);
    expect((await http.get("/api/auth/me", { token: u.token })).status).toBe(200);
    expect((await http.get("/api/auth/devices", { token: u.token })).body).toHaveLength(1);
  });
});

describe("availability", () => {
  it("checks usernames and e-mails case-insensitively", async () => {
    const u = await registerUser(server.url);
    const q = (path: string) => http.get(path).then((r) => [r.status, r.body.available]);
    expect(await q(`/api/auth/check-username?username=${u.username.toUpperCase()}`)).toEqual([200, false]);
    expect(await q(`/api/auth/check-username?username=free_name_${Date.now()}`)).toEqual([200, true]);
    expect(await q(`/api/auth/check-username?username=no%20spaces`)).toEqual([200, false]);
    expect(await q(`/api/auth/check-email?email=${encodeURIComponent(u.email.toUpperCase())}`)).toEqual([200, false]);
    expect(await q(`/api/auth/check-email?email=free_${Date.now()}%40example.test`)).toEqual([200, true]);
    expect((await http.get("/api/auth/check-username")).status).toBe(422);
    expect((await http.get("/api/auth/check-email")).status).toBe(422);
  });
});

describe("push tokens", () => {
  it("stores one token per device session and removes it", async () => {
    const u = await registerUser(server.url);
    const other = await http.post("/api/auth/login", { login: u.username, password: u.password });
    const row = (id: string) => server.platform.db("sessions").where({ id }).first("push_token", "push_platform");
    expect(await http.post("/api/auth/push-token", { token: "fcm-token-1", platform: "fcm" }, { token: u.token })).toMatchObject({
      status: 200,
      body: { message: expect.any(String) },
    });
    await http.post("/api/auth/push-token", { token: "fcm-token-2", platform: "webpush" }, { token: u.token });
    await http.post("/api/auth/push-token", { token: "apns-token", platform: "apns" }, { token: other.body.access_token });
    expect(await row(u.deviceId)).toEqual({ push_token: "fcm-token-2", push_platform: "webpush" });
    expect(await row(other.body.device_id)).toEqual({ push_token: "apns-token", push_platform: "apns" });

    expect((await http.del("/api/auth/push-token", { token: u.token })).status).toBe(200);
    expect(await row(u.deviceId)).toEqual({ push_token: null, push_platform: null });
    expect(await row(other.body.device_id)).toEqual({ push_token: "apns-token", push_platform: "apns" });

    expect((await http.post("/api/auth/push-token", { token: "x", platform: "sms" }, { token: u.token })).status).toBe(422);
    expect((await http.post("/api/auth/push-token", { token: "", platform: "fcm" }, { token: u.token })).status).toBe(422);
    expect((await http.post("/api/auth/push-token", { token: "x".repeat(4097), platform: "fcm" }, { token: u.token })).status).toBe(422);
    expect((await http.post("/api/auth/push-token", { token: "x", platform: "fcm" })).status).toBe(401);
    expect((await http.del("/api/auth/push-token")).status).toBe(401);
  });
});
