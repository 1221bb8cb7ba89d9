// Regression: search from a browser. An HTML form and URLSearchParams send a space as `+`;
// the server answered 422 "must be url encoded". Here Chromium submits a real form (navigation) and a fetch built
// from the form's FormData, from a page on the server's origin. The HTTP-level cases are in
// server/src/features/spaces/form-encoding.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../test/helpers/users.ts";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { launchChromium, type Browser } from "./chromium.ts";

describe("space search from a browser form", () => {
  let server: TestServer;
  let browser: Browser;
  let user: TestUser;
  const tag = `f${Date.now()}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
    user = await registerUser(server.url);
    const http = api(server.url);
    for (const name of [`${tag} dragon riders`, `${tag} R&D: a/b @home+1?`])
      expect((await http.post("/api/spaces", { name, visibility: "public" }, { token: user.token })).status).toBe(201);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page on the server's origin holding a plain GET form to the search endpoint. */
  async function formPage() {
    const { page } = browser;
    await page.goto(server.url + "/healthz");
    await page.evaluate(() => {
      document.body.innerHTML = `<form id="f" method="get" action="/api/spaces/search"><input name="q" aria-label="Search"><button>Search</button></form>`;
    });
    return page;
  }

  it("a submitted form sends `+` for spaces, and the query passes the contract (401 for the missing token, not 422)", async () => {
    const page = await formPage();
    await page.getByLabel("Search").fill(`${tag} dragon riders`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/spaces/search")),
      page.getByRole("button", { name: "Search" }).click(),
    ]);
    expect(response.url()).toContain(`q=${tag}+dragon+riders`);
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ detail: "not authenticated" });
  });

  it("fetch with the form's FormData through URLSearchParams finds the space; reserved characters are text", async () => {
    const page = await formPage();
    const search = (q: string) =>
      page.evaluate(
        async ({ q, token }) => {
          const form = document.getElementById("f") as HTMLFormElement;
          (form.elements.namedItem("q") as HTMLInputElement).value = q;
          const query = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
          const res = await fetch(`/api/spaces/search?${query}`, { headers: { authorization: `Bearer ${token}` } });
          return {
            query,
            status: res.status,
            names: res.ok ? ((await res.json()) as { name: string }[]).map((s) => s.name) : await res.text(),
          };
        },
        { q, token: user.token },
      );
    expect(await search(`${tag} dragon riders`)).toEqual({ query: `q=${tag}+dragon+riders`, status: 200, names: [`${tag} dragon riders`] });
    const reserved = await search("R&D: a/b @home+1?");
    expect(reserved).toMatchObject({ status: 200, names: [`${tag} R&D: a/b @home+1?`] });
    expect(reserved.query).toBe("q=R%26D%3A+a%2Fb+%40home%2B1%3F");
  });
});
