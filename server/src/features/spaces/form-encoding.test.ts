// Regression: `GET /api/spaces/search?q=dragon+riders` (what an HTML form and URLSearchParams send) answered 422
// "must be url encoded". Every query parameter reads standard form encoding: `+` is a space, and a reserved
// character, plain or percent-encoded, is text. The browser side of this is in portal/test/form-search.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let alice: TestUser;
const tag = `q${Date.now()}`;
const names = [`${tag} dragon riders`, `${tag} R&D: a/b @home+1?`, `${tag} 100%_sure`];
const ids = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.url);
  alice = await registerUser(server.url);
  for (const name of names) ids.set(name, (await http.post("/api/spaces", { name, visibility: "public" }, { token: alice.token })).body.id);
});
afterAll(() => server?.stop());

const search = async (query: string) => {
  const res = await http.get(`/api/spaces/search?${query}`, { token: alice.token });
  expect(res.status, query).toBe(200);
  return (res.body as { name: string }[]).map((s) => s.name).sort();
};

describe("query strings in standard form encoding", () => {
  it("reads `+` as a space (URLSearchParams, HTML forms)", async () => {
    const query = new URLSearchParams({ q: `${tag} dragon riders` }).toString();
    expect(query).toContain("+dragon+riders");
    expect(await search(query)).toEqual([`${tag} dragon riders`]);
    expect(await search(`q=${tag}+dragon+riders`)).toEqual([`${tag} dragon riders`]);
  });

  it("takes percent-encoded reserved characters as text (encodeURIComponent, URLSearchParams)", async () => {
    const name = `${tag} R&D: a/b @home+1?`;
    expect(await search(`q=${encodeURIComponent(name)}`)).toEqual([name]);
    expect(await search(new URLSearchParams({ q: name }).toString())).toEqual([name]);
    // `%2B` is a literal plus, not a space.
    expect(await search(`q=${encodeURIComponent("@home+1")}`)).toEqual([name]);
    expect(await search(`q=${encodeURIComponent("@home 1")}`)).toEqual([]);
    expect(await search(`q=${encodeURIComponent("100%_sure")}`)).toEqual([`${tag} 100%_sure`]);
  });

  it("takes plain reserved characters as text", async () => {
    expect(await search(`q=${tag}+R%26D:+a/b+@home`)).toEqual([`${tag} R&D: a/b @home+1?`]);
    expect(await search("q=a/b+@home%2B1?")).toEqual([`${tag} R&D: a/b @home+1?`]);
  });

  it("applies to every query parameter, e.g. an e-mail address with + and @", async () => {
    const res = await http.get(`/api/auth/check-email?${new URLSearchParams({ email: "someone+tag@example.com" }).toString()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: true });
    const plain = await http.get(`/api/auth/check-email?email=${alice.email}`);
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({ available: false });
  });

  it("still checks the values against the contract after decoding", async () => {
    const res = await http.get(`/api/spaces/search?q=${tag}&limit=1%2B1`, { token: alice.token });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ location: "query", path: "/limit" });
  });
});
