// Two-factor authentication in the portal's account page, in Chromium: the sign-in page's Log in / Sign up tabs,
// turning 2FA on (QR code of the otpauth URI, a wrong then a right code, the recovery codes shown once and
// copied), logging in again with a recovery code, and turning 2FA off with the password and a code. Screenshots
// at desktop width and at 360 px go to test-output/portal/.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { execFileSync } from "node:child_process";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { launchChromium, watchProblems, type Browser } from "./chromium.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SHOTS = join(ROOT, "test-output/portal");

describe("two-factor authentication in the portal", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(ROOT, "scripts/build-portal.mjs")], { cwd: ROOT, stdio: "inherit" });
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    browser.page.setDefaultTimeout(20_000);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A full-page screenshot at desktop width and at 360 px. */
  async function shots(name: string) {
    const { page } = browser;
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: join(SHOTS, `${name}-360.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it("turns 2FA on and off from the account page; the sign-in switch is tabs", { timeout: 180_000 }, async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    const password = "correct horse battery";
    await page.goto(server.url + "/portal/");

    // The Log in / Sign up switch: two tabs, one selected, the form in their panel.
    const loginTab = page.getByRole("tab", { name: "Log in" });
    const signupTab = page.getByRole("tab", { name: "Sign up" });
    expect(await loginTab.getAttribute("aria-selected")).toBe("true");
    expect(await signupTab.getAttribute("aria-selected")).toBe("false");
    await signupTab.click();
    expect(await signupTab.getAttribute("aria-selected")).toBe("true");
    expect(await loginTab.getAttribute("aria-selected")).toBe("false");
    expect(await page.getByRole("tabpanel").getByRole("form", { name: "Sign up" }).count()).toBe(1);
    await shots("20-sign-up-tabs");
    await page.keyboard.press("ArrowLeft");
    expect(await loginTab.getAttribute("aria-selected")).toBe("true");
    await signupTab.click();

    await page.getByLabel("Username").fill("tfa_grace");
    await page.getByLabel("E-mail").fill("grace@example.com");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
    const section = page.getByRole("region", { name: /Two-factor authentication/ });
    await expect.poll(() => section.getByText("off", { exact: true }).isVisible()).toBe(true);

    // Step 1: the password gives the secret, drawn as a QR code.
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const qr = page.getByRole("img", { name: /QR code of your two-factor secret/ });
    await expect.poll(() => qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth >= 200)).toBe(true);
    await page.getByText("Cannot scan? Enter the key by hand").click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    await shots("21-two-factor-qr");

    // Step 2: a wrong code shows the server's detail; the right one turns it on.
    const code = page.getByLabel("Code from the app");
    await code.fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("invalid code");
    await code.fill(await generate({ secret }));
    await page.getByRole("button", { name: "Turn on" }).click();

    // Step 3: ten recovery codes, shown once, copied with one button.
    const list = page.getByRole("list", { name: "Recovery codes" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(10);
    const codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    await page.getByRole("button", { name: "Copy codes" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Copied" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join("\n"));
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(codes[0]);
    await expect.poll(() => section.getByText("on", { exact: true }).isVisible()).toBe(true);
    await shots("22-recovery-codes");
    await page.getByRole("button", { name: "I saved them" }).click();
    await expect.poll(() => list.count()).toBe(0);
    expect(await page.getByRole("form", { name: "Turn off two-factor authentication" }).count()).toBe(1);

    // Log out and in again: the second step takes a recovery code.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByLabel("Username or e-mail").fill("tfa_grace");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).last().click();
    await page.getByLabel(/Code from your authenticator app/).fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByText("@tfa_grace").isVisible()).toBe(true);

    // Turning it off takes the password and a code.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
    const off = page.getByRole("form", { name: "Turn off two-factor authentication" });
    await off.getByLabel("Password").fill(password);
    await off.getByLabel("Code from the app, or a recovery code").fill("123456");
    await shots("23-two-factor-off-form");
    await off.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await expect.poll(() => off.getByRole("alert").textContent()).toBe("invalid code");
    // The next 30-second step's code (±1 step is accepted), never the one spent turning it on.
    await off
      .getByLabel("Code from the app, or a recovery code")
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await off.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await expect.poll(() => section.getByText("off", { exact: true }).isVisible()).toBe(true);
    const me = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "tfa_grace", password }),
    });
    expect((await me.json()).requires_2fa).toBe(false);
    // Only the two wrong codes answered 400, as the page showed.
    expect(problems.filter((p) => !p.includes("HTTP 400") && !p.includes("status of 400"))).toEqual([]);
  });
});
