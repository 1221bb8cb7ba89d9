// The HTML pages under their Content-Security-Policy in a real browser: /api/docs (Swagger UI) and the portal
// load and render with no policy violation, no console error and no page error.
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { launchChromium, watchProblems, type Browser } from "./chromium.ts";

const ROOT = resolve(import.meta.dirname, "../..");

describe("the pages under their Content-Security-Policy in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let problems: string[];

  beforeAll(async () => {
    // Builds portal/dist when missing or older than its sources (a no-op otherwise).
    execFileSync(process.execPath, [join(ROOT, "scripts/build-portal.mjs")], { cwd: ROOT, stdio: "inherit" });
    [server, browser] = await Promise.all([startTestServer({ env: { LOG_LEVEL: "warn" } }), launchChromium()]);
    browser.page.setDefaultTimeout(60_000);
    problems = watchProblems(browser.page);
    // Every violation the page reports, also those the console would not show as an error.
    await browser.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const violations = () => browser.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  it("/api/docs: Swagger UI renders the operations", { timeout: 120_000 }, async () => {
    const { page } = browser;
    const res = await page.goto(server.url + "/api/docs", { waitUntil: "domcontentloaded", timeout: 60_000 });
    expect(res!.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.locator(".opblock").first().waitFor();
    await page.locator(`.opblock-summary-path[data-path="/api/auth/login"]`).first().waitFor();
    // The page's own style sheet applies (it is a file now, not an inline <style>).
    expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe("0px");
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("/portal/: the portal renders its sign-in form", { timeout: 60_000 }, async () => {
    const { page } = browser;
    const res = await page.goto(server.url + "/portal/", { waitUntil: "domcontentloaded" });
    expect(res!.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.getByLabel("Username or e-mail").waitFor();
    await page.getByRole("button", { name: "Log in" }).last().waitFor();
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
  });
});
