// The API reference at /api/docs in a real browser: Swagger UI from our own node_modules (nothing fetched from
// outside; the browser runs with background networking off), every operation listed, and a try-it-out against
// the running server with no auth (GET /healthz), with a user session (Bearer) and with a bot token (Bot).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "../../test/helpers/bots.ts";
import { registerUser } from "../../test/helpers/users.ts";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { launchChromium, watchProblems, type Browser } from "./chromium.ts";

describe("API reference at /api/docs in a browser", () => {
  let server: TestServer;
  let browser: Browser;
  let problems: string[];
  const outside: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
    // Swagger UI renders a hundred operations: slow on a loaded machine.
    browser.page.setDefaultTimeout(30_000);
    const { page } = browser;
    problems = watchProblems(page);
    page.on("request", (r) => void (new URL(r.url()).origin !== server.url && outside.push(r.url())));
    await page.goto(server.url + "/api/docs", { waitUntil: "domcontentloaded", timeout: 60_000 });
    await page.locator(".opblock").first().waitFor({ timeout: 60_000 });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const operation = (method: string, path: string) =>
    browser.page
      .locator(`.opblock-${method.toLowerCase()}`)
      .filter({ has: browser.page.locator(`.opblock-summary-path[data-path="${path}"]`) });

  /** Opens an operation, presses "Try it out" and "Execute"; gives the shown status of the live response. */
  async function tryIt(method: string, path: string, params: Record<string, string> = {}): Promise<string> {
    const op = operation(method, path);
    // Deep linking moves the URL's hash on open; nothing to wait for.
    await op.locator(".opblock-summary").first().click({ noWaitAfter: true });
    await op.getByRole("button", { name: "Try it out" }).click();
    for (const [name, value] of Object.entries(params)) await op.locator(`tr[data-param-name="${name}"] input`).fill(value);
    await op.getByRole("button", { name: "Execute" }).click();
    const status = op.locator(".live-responses-table .response .response-col_status");
    await expect.poll(() => status.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    return (await status.first().textContent())!.trim();
  }

  async function authorize(scheme: "BearerAuth" | "BotAuth", value: string): Promise<void> {
    const { page } = browser;
    await page.locator(".auth-wrapper .authorize").click();
    const dialog = page.locator(".dialog-ux .modal-ux");
    const block = dialog.locator(".auth-container").filter({ hasText: scheme });
    await block.locator("input").fill(value);
    await block.getByRole("button", { name: "Apply credentials" }).click();
    // Once applied, the value is no longer an input: the scheme shows as authorised.
    await expect.poll(() => block.locator("input").count()).toBe(0);
    await dialog.locator(".close-modal").click();
  }

  it("loads from this server only, with no failed request or console error, and lists the operations", { timeout: 120_000 }, async () => {
    const { page } = browser;
    await expect.poll(() => page.locator(".opblock").count(), { timeout: 60_000 }).toBeGreaterThan(80);
    expect(await operation("PUT", "/api/bot/commands").count()).toBe(1);
    expect(await operation("GET", "/api/spaces/search").count()).toBe(1);
    await expect.poll(() => page.locator(".info .title").textContent()).toContain("0.3.0");
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("tries GET /healthz: 200 from the running server", { timeout: 60_000 }, async () => {
    expect(await tryIt("GET", "/healthz")).toBe("200");
    const body = operation("GET", "/healthz").locator(".live-responses-table .response-col_description pre").first();
    expect(JSON.parse((await body.textContent())!)).toEqual({ status: "ok" });
  });

  it("tries a Bearer operation with a user's access token and a Bot operation with a bot token", { timeout: 90_000 }, async () => {
    const user = await registerUser(server.url);
    const bot = await createBot(server.url, user.token);
    // Unauthorised first: the reference sends no credentials of its own.
    expect(await tryIt("GET", "/api/users/me")).toBe("401");
    await authorize("BearerAuth", user.token);
    await operation("GET", "/api/users/me").getByRole("button", { name: "Execute" }).click();
    const meStatus = operation("GET", "/api/users/me").locator(".live-responses-table .response .response-col_status").first();
    await expect.poll(() => meStatus.textContent(), { timeout: 20_000 }).toContain("200");

    await authorize("BotAuth", bot.token);
    expect(await tryIt("GET", "/api/bot/commands")).toBe("200");
    const body = operation("GET", "/api/bot/commands").locator(".live-responses-table .response-col_description pre").first();
    expect(JSON.parse((await body.textContent())!)).toEqual([]);
  });
});
