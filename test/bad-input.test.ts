// Bad input answers a 4xx in the contract's shape and changes nothing: bodies that cannot be read (a broken
// Content-Encoding stream, no body where one is required), NUL characters on their way to PostgreSQL, integers
// beyond what a column holds, malformed `%` escapes, and signed tokens whose claims are not ids.
import { brotliCompressSync, gzipSync } from "node:zlib";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "./helpers/server.ts";
import { api, rawRequest } from "./helpers/http.ts";
import { registerUser, type TestUser } from "./helpers/users.ts";
import { createBot } from "./helpers/bots.ts";

const server = useTestServer();
const http = () => api(server().url);
let alice: TestUser;

beforeAll(async () => {
  alice = await registerUser(server().url);
});

const raw = (method: string, path: string, headers: Record<string, string>, body?: Buffer | string) =>
  rawRequest(server().url, method, path, headers, body);
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const bearer = () => ({ authorization: `Bearer ${alice.token}` });

describe("request bodies and their encodings", () => {
  it("a Content-Encoding that does not match the body answers 400, also before authentication", async () => {
    const body = json({ refresh_token: "rt_whatever" });
    for (const encoding of ["gzip", "br", "deflate"]) {
      const r = await raw(
        "POST",
        "/api/auth/refresh",
        { "content-type": "application/json", "content-encoding": encoding, "content-length": String(body.length) },
        body,
      );
      expect(r, encoding).toMatchObject({ status: 400, body: { detail: "request body does not decode as its Content-Encoding says" } });
    }
  });

  it("a body compressed as its Content-Encoding says is read", async () => {
    const settings = { theme: "dark" };
    for (const [encoding, bytes] of [
      ["gzip", gzipSync(json(settings))],
      ["br", brotliCompressSync(json(settings))],
    ] as const) {
      const r = await raw(
        "PATCH",
        "/api/users/me/settings",
        { ...bearer(), "content-type": "application/json", "content-encoding": encoding, "content-length": String(bytes.length) },
        bytes,
      );
      expect(r.status, encoding).toBe(200);
      expect(r.body.theme).toBe("dark");
    }
  });

  it("an encoding the server does not read answers 415", async () => {
    const body = json({ refresh_token: "rt_whatever" });
    const r = await raw(
      "POST",
      "/api/auth/refresh",
      { "content-type": "application/json", "content-encoding": "compress", "content-length": String(body.length) },
      body,
    );
    expect(r).toMatchObject({ status: 415, body: { detail: "unsupported content encoding" } });
  });

  it("a PATCH with no body at all answers 422 and changes nothing", async () => {
    const space = await http().post("/api/spaces", { name: "no body" }, { token: alice.token });
    const before = (await http().get("/api/users/me/settings", { token: alice.token })).body;
    for (const path of ["/api/users/me/settings", `/api/spaces/${space.body.id}`]) {
      const r = await raw("PATCH", path, bearer());
      expect(r.status, path).toBe(422);
      expect(r.body, path).toMatchObject({ detail: expect.any(String), errors: [expect.objectContaining({ location: "body" })] });
    }
    expect((await http().get("/api/users/me/settings", { token: alice.token })).body).toEqual(before);
    expect((await http().get(`/api/spaces/${space.body.id}`, { token: alice.token })).body.name).toBe("no body");
  });

  it("an empty body (Content-Length: 0) where one is required answers 422", async () => {
    const space = await http().post("/api/spaces", { name: "empty body" }, { token: alice.token });
    const channels = await http().get(`/api/spaces/${space.body.id}/channels`, { token: alice.token });
    const bot = await createBot(server().url, alice.token);
    await http().put("/api/bot/commands", { commands: [{ name: "ping", description: "pong" }] }, { bot: bot.token });
    for (const [path, auth] of [
      ["/api/users/me/settings", bearer()],
      [`/api/spaces/${space.body.id}/channels/${channels.body[0].id}`, bearer()],
      ["/api/bot/commands/ping", { authorization: `Bot ${bot.token}` }],
    ] as const) {
      const r = await raw("PATCH", path, { ...auth, "content-type": "application/json", "content-length": "0" }, "");
      expect(r.status, path).toBe(422);
      expect(r.body.errors[0].location, path).toBe("body");
    }
  });
});

describe("NUL characters", () => {
  it("in a path parameter: 422 at the path, without logging in", async () => {
    const r = await http().get("/api/spaces/preview/abc%00");
    expect(r).toMatchObject({
      status: 422,
      body: { errors: [{ location: "path", path: "/invite_code", message: "must not contain a NUL character", code: "nul" }] },
    });
  });

  it("in a body string: 422 at its pointer, and nothing is created", async () => {
    const mine = async () => (await http().get("/api/spaces/my", { token: alice.token })).body.length;
    const count = await mine();
    const r = await http().post("/api/spaces", { name: "a\u0000b" }, { token: alice.token });
    expect(r).toMatchObject({
      status: 422,
      body: { detail: "body /name: must not contain a NUL character", errors: [{ location: "body", path: "/name", code: "nul" }] },
    });
    expect(await mine()).toBe(count);
  });

  it("in a bot's display name, and in a nested string or a key", async () => {
    const bot = await createBot(server().url, alice.token);
    const r = await http().patch(`/api/bots/${bot.id}`, { display_name: "\u0000" }, { token: alice.token });
    expect(r).toMatchObject({ status: 422, body: { errors: [{ location: "body", path: "/display_name" }] } });
    expect((await http().get(`/api/bots/${bot.id}`, { token: alice.token })).body.display_name).toBeNull();
    const nested = await http().patch("/api/users/me/settings", { privacy: { friend_requests: "nobody\u0000" } }, { token: alice.token });
    expect(nested.body.errors[0]).toMatchObject({ location: "body", path: "/privacy/friend_requests" });
    const key = await http().patch("/api/users/me/settings", { ["x\u0000"]: 1 }, { token: alice.token });
    expect(key.body.errors[0]).toMatchObject({ location: "body", path: "/x\u0000" });
  });

  it("in a query value: 422 at the query", async () => {
    const r = await http().get("/api/spaces/search?q=ab%00c", { token: alice.token });
    expect(r).toMatchObject({ status: 422, body: { errors: [{ location: "query", path: "/q", code: "nul" }] } });
  });

  it("a backslash followed by u0000 is text, not a NUL", async () => {
    const r = await http().post("/api/spaces", { name: "\\u0000" }, { token: alice.token });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe("\\u0000");
  });
});

describe("numbers beyond what a column holds", () => {
  it("a 64-bit query value out of range answers 422", async () => {
    const space = await http().post("/api/spaces", { name: "epochs" }, { token: alice.token });
    const channels = await http().get(`/api/spaces/${space.body.id}/channels`, { token: alice.token });
    const general = channels.body.find((c: { name: string }) => c.name === "general");
    for (const since of ["1e300", "9223372036854775808", "9007199254740992"]) {
      const r = await http().get(`/api/e2e/channels/${general.id}/commits?since=${since}`, { token: alice.token });
      expect(r.status, since).toBe(422);
      expect(r.body.errors[0], since).toMatchObject({ location: "query", path: "/since" });
    }
    expect((await http().get(`/api/e2e/channels/${general.id}/commits?since=9007199254740991`, { token: alice.token })).status).toBe(200);
  });

  it("limit=Infinity answers 422 on search, messages and audit logs", async () => {
    const space = await http().post("/api/spaces", { name: "infinity" }, { token: alice.token });
    const channels = await http().get(`/api/spaces/${space.body.id}/channels`, { token: alice.token });
    const general = channels.body.find((c: { name: string }) => c.name === "general");
    for (const path of [
      "/api/spaces/search?q=a&limit=Infinity",
      `/api/chat/${space.body.id}/${general.id}/messages?limit=Infinity`,
      `/api/spaces/${space.body.id}/audit-log?limit=Infinity`,
    ]) {
      const r = await http().get(path, { token: alice.token });
      expect(r.status, path).toBe(422);
      expect(r.body.errors[0], path).toMatchObject({ location: "query", path: "/limit" });
    }
  });
});

describe("malformed percent-escapes", () => {
  it("in the path: 400 in the contract's shape", async () => {
    const r = await http().get("/api/spaces/preview/%E0%A4%A");
    expect(r).toMatchObject({ status: 400, body: { detail: "malformed percent-escape in the path" } });
  });

  it("in the query: 400 in the contract's shape", async () => {
    const r = await http().get("/api/spaces/search?q=%ZZ", { token: alice.token });
    expect(r).toMatchObject({ status: 400, body: { detail: "malformed percent-escape in the query" } });
  });
});

describe("access tokens", () => {
  it("a signed token whose sid (or sub) is not a uuid is refused as any bad token", async () => {
    const key = new TextEncoder().encode(server().env.JWT_SECRET);
    const sign = (sub: string, sid: string) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(sub).setIssuedAt().setExpirationTime("5m").sign(key);
    for (const token of [await sign(alice.id, "not-a-uuid"), await sign("nobody", alice.deviceId)]) {
      for (const path of ["/api/users/me", "/api/spaces/my"]) {
        expect(await http().get(path, { token })).toMatchObject({ status: 401, body: { detail: "not authenticated" } });
      }
    }
  });
});

describe("Content-Type parameters", () => {
  it("a new parameter on every request costs no new validator (as fast as the same Content-Type each time)", async () => {
    const send = (type: string) =>
      raw("PATCH", "/api/users/me/settings", { ...bearer(), "content-type": type, "content-length": "2" }, "{}").then((r) => {
        expect(r.status).toBe(200);
      });
    const timed = async (types: string[]) => {
      const started = performance.now();
      for (const t of types) await send(t);
      return performance.now() - started;
    };
    await send("application/json; charset=utf-8");
    const tag = Math.random().toString(36).slice(2);
    const same = await timed(Array.from({ length: 40 }, () => "application/json; charset=utf-8"));
    const distinct = await timed(Array.from({ length: 40 }, (_, i) => `application/json; charset=utf-8; v=${tag}${i}`));
    expect(distinct).toBeLessThan(same * 3 + 1000);
  });
});
