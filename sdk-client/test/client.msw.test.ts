// Unit tests of the HTTP client against msw handlers: ApiError shapes, the refresh-once flow (shared, failing),
// no retry on 5xx, network errors unwrapped.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createClient, type TokenResponse } from "../src/index.ts";

const BASE = "http://parley.test";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = {
  id: "0193a000-0000-7000-8000-000000000001",
  username: "ada",
  display_name: null,
  bio: "",
  default_avatar_index: 1,
  is_bot: false,
  is_anonymous: false,
  created_at: "2026-11-22T04:12:20.486Z",
};

function tokens(n: number): TokenResponse {
  return {
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    token_type: "bearer",
    expires_in: 900,
    device_id: "d",
    user,
    requires_2fa: false,
  };
}

/** /api/auth/me that accepts only `valid`; counts refreshes, which take `refreshDelayMs`. */
function meAndRefresh(opts: { valid: string; refreshOk?: boolean; refreshDelayMs?: number }) {
  const seen = { refreshes: 0, me: [] as (string | null)[], refreshBodies: [] as unknown[] };
  server.use(
    http.get(`${BASE}/api/auth/me`, ({ request }) => {
      const auth = request.headers.get("authorization");
      seen.me.push(auth);
      if (auth !== `Bearer ${opts.valid}`)
        return HttpResponse.json({ detail: "not authenticated" }, { status: 401, headers: { "x-request-id": "req-401" } });
      return HttpResponse.json(user);
    }),
    http.post(`${BASE}/api/auth/refresh`, async ({ request }) => {
      seen.refreshes++;
      seen.refreshBodies.push(await request.json());
      await new Promise((r) => setTimeout(r, opts.refreshDelayMs ?? 0));
      if (opts.refreshOk === false) return HttpResponse.json({ detail: "invalid refresh token" }, { status: 401 });
      return HttpResponse.json(tokens(2));
    }),
  );
  return seen;
}

describe("ApiError", () => {
  it("carries status, detail and request id of a plain error", async () => {
    server.use(
      http.get(`${BASE}/api/spaces/:id`, () =>
        HttpResponse.json({ detail: "space not found" }, { status: 404, headers: { "X-Request-Id": "req-1" } }),
      ),
    );
    const client = createClient({ baseUrl: BASE, token: "t" });
    const err = await client.spaces.get("0193a000-0000-7000-8000-000000000009").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, detail: "space not found", errors: [], requestId: "req-1", method: "GET" });
    expect((err as ApiError).message).toContain("404: space not found");
  });

  it("carries the 422 list of issues", async () => {
    const issues = [{ location: "body", path: "/name", message: "must NOT have more than 100 characters", code: "maxLength" }];
    server.use(
      http.post(`${BASE}/api/spaces`, () =>
        HttpResponse.json({ detail: "name: must NOT have more than 100 characters", errors: issues }, { status: 422 }),
      ),
    );
    const client = createClient({ baseUrl: BASE, token: "t" });
    const err = (await client.spaces.create({ name: "x".repeat(101), visibility: "private" }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(422);
    expect(err.detail).toBe("name: must NOT have more than 100 characters");
    expect(err.errors).toEqual(issues);
    expect(err.requestId).toBeNull();
  });

  it("uses the text of a body that is not JSON", async () => {
    server.use(http.get(`${BASE}/api/auth/me`, () => new HttpResponse("bad gateway", { status: 502, statusText: "Bad Gateway" })));
    const err = (await createClient({ baseUrl: BASE, token: "t" })
      .me()
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 502, detail: "bad gateway" });
  });

  it("raw answers {error, response} without throwing", async () => {
    server.use(http.get(`${BASE}/api/auth/me`, () => HttpResponse.json({ detail: "not authenticated" }, { status: 401 })));
    const res = await createClient({ baseUrl: BASE }).raw.GET("/api/auth/me");
    expect(res.response.status).toBe(401);
    expect(res.error).toEqual({ detail: "not authenticated" });
  });
});

describe("token refresh", () => {
  it("sends the token, refreshes once on a 401, retries, reports the new tokens", async () => {
    const seen = meAndRefresh({ valid: "access-2" });
    const reported: TokenResponse[] = [];
    const client = createClient({ baseUrl: BASE, token: "access-1", refreshToken: "refresh-1", onTokens: (t) => void reported.push(t) });
    expect(await client.me()).toEqual(user);
    expect(seen.me).toEqual(["Bearer access-1", "Bearer access-2"]);
    expect(seen.refreshBodies).toEqual([{ refresh_token: "refresh-1" }]);
    expect(reported.map((t) => t.access_token)).toEqual(["access-2"]);
    expect(client.tokens()).toEqual({ accessToken: "access-2", refreshToken: "refresh-2" });
    // Later requests use the new token directly.
    await client.me();
    expect(seen.refreshes).toBe(1);
    expect(seen.me.at(-1)).toBe("Bearer access-2");
  });

  it("retries a request with a body after the refresh", async () => {
    meAndRefresh({ valid: "access-2" });
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/api/spaces`, async ({ request }) => {
        bodies.push(await request.json());
        if (request.headers.get("authorization") !== "Bearer access-2")
          return HttpResponse.json({ detail: "not authenticated" }, { status: 401 });
        return HttpResponse.json({ id: "s" }, { status: 201 });
      }),
    );
    const client = createClient({ baseUrl: BASE, token: "access-1", refreshToken: "refresh-1" });
    await client.POST("/api/spaces", { body: { name: "Den", visibility: "private" } });
    expect(bodies).toEqual([
      { name: "Den", visibility: "private" },
      { name: "Den", visibility: "private" },
    ]);
  });

  it("concurrent 401s share one refresh", async () => {
    const seen = meAndRefresh({ valid: "access-2", refreshDelayMs: 50 });
    const client = createClient({ baseUrl: BASE, token: "access-1", refreshToken: "refresh-1" });
    const all = await Promise.all(Array.from({ length: 5 }, () => client.me()));
    expect(all).toHaveLength(5);
    expect(seen.refreshes).toBe(1);
    expect(seen.me.filter((a) => a === "Bearer access-2")).toHaveLength(5);
  });

  it("a failed refresh surfaces the original 401 and is not tried again", async () => {
    const seen = meAndRefresh({ valid: "never", refreshOk: false });
    const reported: TokenResponse[] = [];
    const client = createClient({ baseUrl: BASE, token: "access-1", refreshToken: "refresh-1", onTokens: (t) => void reported.push(t) });
    const err = (await client.me().catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, detail: "not authenticated", requestId: "req-401" });
    expect(seen.refreshes).toBe(1);
    expect(reported).toEqual([]);
    await client.me().catch(() => {});
    expect(seen.refreshes).toBe(1);
  });

  it("a 401 that persists after the refresh is not refreshed again", async () => {
    const seen = meAndRefresh({ valid: "never" });
    const client = createClient({ baseUrl: BASE, token: "access-1", refreshToken: "refresh-1" });
    await expect(client.me()).rejects.toMatchObject({ status: 401 });
    expect(seen.refreshes).toBe(1);
    expect(seen.me).toHaveLength(2);
  });

  it("without a refresh token a 401 is just an error", async () => {
    const seen = meAndRefresh({ valid: "access-2" });
    await expect(createClient({ baseUrl: BASE, token: "access-1" }).me()).rejects.toMatchObject({ status: 401 });
    expect(seen.refreshes).toBe(0);
  });

  it("a 401 from login is an answer, not a reason to refresh", async () => {
    const seen = meAndRefresh({ valid: "access-2" });
    server.use(http.post(`${BASE}/api/auth/login`, () => HttpResponse.json({ detail: "invalid credentials" }, { status: 401 })));
    const client = createClient({ baseUrl: BASE, token: "access-1", refreshToken: "refresh-1" });
    await expect(client.login({ login: "ada", password: "wrong-password" })).rejects.toMatchObject({
      status: 401,
      detail: "invalid credentials",
    });
    expect(seen.refreshes).toBe(0);
  });

  it("asks the token provider per request", async () => {
    const seen = meAndRefresh({ valid: "p-2" });
    let n = 0;
    const client = createClient({ baseUrl: BASE, tokenProvider: async () => `p-${++n}` });
    await expect(client.me()).rejects.toMatchObject({ status: 401 });
    await client.me();
    expect(seen.me).toEqual(["Bearer p-1", "Bearer p-2"]);
  });

  it("login adopts the tokens; the 2FA step too", async () => {
    server.use(
      http.post(`${BASE}/api/auth/login`, () => HttpResponse.json({ requires_2fa: true, two_factor_token: "tf" })),
      http.post(`${BASE}/api/auth/login/2fa`, () => HttpResponse.json(tokens(7))),
    );
    const reported: string[] = [];
    const client = createClient({ baseUrl: BASE, onTokens: (t) => void reported.push(t.access_token) });
    const first = await client.login({ login: "ada", password: "password-1" });
    expect(first).toEqual({ requires_2fa: true, two_factor_token: "tf" });
    expect(client.tokens().accessToken).toBeNull();
    if (!first.requires_2fa) throw new Error("expected the 2FA step");
    await client.loginTwoFactor({ two_factor_token: first.two_factor_token, code: "123456" });
    expect(client.tokens()).toEqual({ accessToken: "access-7", refreshToken: "refresh-7" });
    expect(reported).toEqual(["access-7"]);
  });
});

describe("no retries beyond the refresh", () => {
  it("a 5xx is thrown at once, not retried", async () => {
    let calls = 0;
    server.use(http.get(`${BASE}/api/auth/me`, () => (calls++, HttpResponse.json({ detail: "internal error" }, { status: 503 }))));
    const client = createClient({ baseUrl: BASE, token: "t", refreshToken: "r" });
    await expect(client.me()).rejects.toMatchObject({ status: 503, detail: "internal error" });
    expect(calls).toBe(1);
  });

  it("network errors pass through unwrapped", async () => {
    server.use(http.get(`${BASE}/api/auth/me`, () => HttpResponse.error()));
    const err = await createClient({ baseUrl: BASE, token: "t" })
      .me()
      .catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(TypeError);
  });
});
