// End to end through the browser: Debian's Chromium (playwright-core, no downloaded browsers) drives the built
// portal served by a real server. Sign up → bot → token → space → install → commands (bot token) → webhook to a
// local receiver that verifies signatures and replies → try the command → reply, delivery log, redeliver.
import { execFileSync } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../test/helpers/http.ts";
import { registerUser } from "../../test/helpers/users.ts";
import { startReceiver, type Received, type Receiver } from "../../test/helpers/receiver.ts";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";
import { WsClient } from "../../test/helpers/ws.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SHOTS = join(ROOT, "test-output/portal");
const CHROMIUM = "/usr/bin/chromium";

/** docs/webhooks.md#signature: `t=…,v1=…[,v1=…]`, HMAC-SHA256 over `<t>.<raw body>` keyed by the whole secret. */
function verified(r: Received, secret: string): boolean {
  const header = String(r.headers["x-service-signature"] ?? "");
  const parts = header.split(",").map((p) => p.split("=", 2) as [string, string]);
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const want = createHmac("sha256", secret).update(`${t}.${r.raw}`).digest();
  return parts.some(([k, v]) => k === "v1" && v.length === 64 && timingSafeEqual(Buffer.from(v, "hex"), want));
}

describe("developer portal in a browser", () => {
  let server: TestServer;
  let receiver: Receiver;
  let browser: BrowserContext;
  let page: Page;
  let userDir: string;
  // What the tiny bot knows: set from what the test reads off the page.
  const bot = { token: "", secret: "", refused: 0 };

  const shot = async (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  const nav = (label: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label }).click();

  beforeAll(async () => {
    // Builds portal/dist when missing or older than its sources (a no-op otherwise).
    execFileSync(process.execPath, [join(ROOT, "scripts/build-portal.mjs")], { cwd: ROOT, stdio: "inherit" });
    mkdirSync(SHOTS, { recursive: true });
    [server, receiver] = await Promise.all([startTestServer(), startReceiver()]);
    receiver.respond((r, res) => {
      if (!bot.secret || !verified(r, bot.secret)) {
        bot.refused++;
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200).end("ok");
      const event = JSON.parse(r.raw) as { type: string; data: { interaction_token: string; options: Record<string, unknown> } };
      if (event.type !== "command.invoked") return;
      const o = event.data.options;
      const content = `${String(o.text).repeat(Number(o.times ?? 1))} (${String(o.color ?? "no color")}, loud=${String(o.loud ?? false)})`;
      void fetch(`${server.url}/api/bot/interactions/respond`, {
        method: "POST",
        headers: { authorization: `Bot ${bot.token}`, "content-type": "application/json" },
        body: JSON.stringify({ interaction_token: event.data.interaction_token, content }),
      });
    });
    userDir = mkdtempSync(join(tmpdir(), "portal-chromium-"));
    // A fresh profile directory per run (playwright passes it as --user-data-dir).
    browser = await chromium.launchPersistentContext(userDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport: { width: 1280, height: 900 },
    });
    await browser.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(10_000);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await server?.stop();
    if (userDir) rmSync(userDir, { recursive: true, force: true });
  });

  it("serves the portal at /portal/ with / redirecting there and an SPA fallback", async () => {
    const root = await fetch(server.url + "/", { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/portal/");
    const deep = await fetch(server.url + "/portal/bots/some-id");
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    expect((await fetch(server.url + "/portal/assets/missing.js")).status).toBe(404);
  });

  it("takes a new developer from sign-up to a bot's reply and its webhook delivery", async () => {
    // Sign up.
    await page.goto(server.url + "/");
    expect(new URL(page.url()).pathname).toBe("/portal/");
    await page.getByRole("tab", { name: "Sign up" }).click();
    await shot("01-sign-up");
    await page.getByLabel("Username").fill("dev_ada");
    await page.getByLabel("E-mail").fill("ada@example.com");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByText("@dev_ada").isVisible()).toBe(true);

    // A server error shows its detail: a bot username that breaks nothing in the browser but clashes on the server.
    await page.getByLabel("Bot username").fill("dev_ada");
    await page.getByRole("button", { name: "Create bot" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("already taken");

    // Create a bot; copy its token (shown once).
    await page.getByLabel("Bot username").fill("echo_bot");
    await page.getByLabel("Display name (optional)").fill("Echo");
    await page.getByRole("button", { name: "Create bot" }).click();
    const secretBox = page.getByTestId("secret-value");
    await expect.poll(() => secretBox.inputValue()).toMatch(/^bot_[0-9a-f]{48}$/);
    await expect.poll(() => page.getByText("you will not see this again").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect.poll(() => page.getByRole("button", { name: "Copied" }).isVisible()).toBe(true);
    bot.token = await secretBox.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(bot.token);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(bot.token);
    await shot("02-bot-created");
    await page.getByRole("button", { name: "I saved it" }).click();

    // Create a space, then install the bot with scopes.
    await nav("Spaces");
    await page.getByLabel("Space name").fill("Bot lab");
    await page.getByRole("button", { name: "Create space" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Bot lab");
    const install = page.getByRole("form", { name: "Install a bot" });
    await install.getByRole("checkbox", { name: /messages\.send/ }).check();
    expect(await install.getByRole("checkbox", { name: /^commands/ }).isChecked()).toBe(true);
    expect(await install.getByRole("checkbox", { name: "#general" }).isChecked()).toBe(true);
    await shot("03-install-form");
    await install.getByRole("button", { name: "Install" }).click();
    const card = page.getByRole("listitem", { name: "Install of echo_bot" });
    await expect.poll(() => card.textContent()).toContain("commands, messages.send");
    await expect.poll(() => page.getByText("bot.install").first().isVisible()).toBe(true);
    await shot("04-space");

    // The bot registers its commands with its own token.
    const put = await fetch(`${server.url}/api/bot/commands`, {
      method: "PUT",
      headers: { authorization: `Bot ${bot.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        commands: [
          {
            name: "echo",
            description: "Says it back",
            options: [
              { name: "text", type: "string", description: "What to say", required: true },
              { name: "times", type: "integer", description: "How often", min: 1, max: 3 },
              { name: "loud", type: "boolean", description: "Shout it" },
              {
                name: "color",
                type: "string",
                description: "A color",
                choices: [
                  { name: "Red", value: "red" },
                  { name: "Blue", value: "blue" },
                ],
              },
            ],
          },
          { name: "quiet", description: "Does nothing" },
        ],
      }),
    });
    expect(put.status).toBe(200);

    // The bot page lists them (the token is still in this tab's memory) and switches one off.
    await nav("Bots");
    await page.getByRole("link", { name: "Echo" }).click();
    await expect.poll(() => page.getByText("/echo").isVisible()).toBe(true);
    await page.getByRole("switch", { name: "/quiet enabled" }).click();
    await expect.poll(() => page.getByRole("switch", { name: "/quiet enabled" }).isChecked()).toBe(false);

    // A webhook to the local receiver; its secret is shown once and handed to the tiny bot.
    await page.getByLabel("Webhook URL").fill(receiver.url);
    await page.getByRole("checkbox", { name: /webhook\.ping/ }).check();
    await page.getByRole("button", { name: "Create webhook" }).click();
    await expect.poll(() => secretBox.inputValue()).toMatch(/^whsec_/);
    bot.secret = await secretBox.inputValue();
    await page.getByRole("button", { name: "I saved it" }).click();
    await shot("05-bot");

    // Try the command: the form follows the option schema; the reply arrives over the realtime connection.
    await nav("Try a command");
    await expect.poll(() => page.getByText("connected").isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel("Bot and command").textContent()).toContain("/echo");
    expect(await page.getByLabel("Bot and command").textContent()).not.toContain("/quiet");
    await page.getByLabel("text (required)").fill("hi");
    const times = page.getByLabel("times");
    expect(await times.getAttribute("type")).toBe("number");
    expect(await times.getAttribute("max")).toBe("3");
    await times.fill("2");
    await page.getByLabel("color").selectOption({ label: "Blue" });
    await page.getByLabel("loud").selectOption("true");
    await page.getByRole("button", { name: "Invoke /echo" }).click();
    await expect.poll(() => page.locator(".reply").first().textContent(), { timeout: 15_000 }).toContain("hihi (blue, loud=true)");
    await shot("06-try-command");

    // The delivery log shows the command.invoked delivery; redeliver sends the same delivery id again.
    await nav("Bots");
    await page.getByRole("link", { name: "Echo" }).click();
    await page.getByRole("button", { name: "Deliveries" }).click();
    const log = page.getByRole("region", { name: "Delivery log" });
    const row = log.locator("tr", { hasText: "command.invoked" });
    await expect.poll(() => row.textContent()).toMatch(/delivered.*1.*200/);
    const invoked = receiver.received.filter((r) => r.headers["x-service-event"] === "command.invoked");
    expect(invoked).toHaveLength(1);
    const deliveryId = invoked[0]!.headers["x-service-delivery"];
    await row.getByRole("button", { name: /Redeliver/ }).click();
    await expect.poll(() => row.locator("td[data-label=Attempts]").textContent(), { timeout: 15_000 }).toBe("2");
    expect(receiver.received.filter((r) => r.headers["x-service-delivery"] === deliveryId)).toHaveLength(2);
    expect(bot.refused).toBe(0);

    // Ping appears in the live log without reloading the page.
    await page.getByRole("button", { name: "Ping" }).click();
    await expect.poll(() => log.locator("tr", { hasText: "webhook.ping" }).textContent(), { timeout: 15_000 }).toContain("delivered");
    await expect.poll(() => page.getByText("webhook.create").first().isVisible()).toBe(true);
    await shot("07-deliveries");

    // The same screens on a phone.
    await page.setViewportSize({ width: 360, height: 780 });
    await shot("08-bot-360");
    await nav("Try a command");
    await expect.poll(() => page.locator(".reply").count()).toBe(0);
    await shot("09-try-360");
    await nav("Devices");
    await expect.poll(() => page.getByText("this one").isVisible()).toBe(true);
    await shot("10-devices-360");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Log out: the session tokens leave sessionStorage and the sign-in form is back.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Log out" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Log in" }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    // Log back in: the session resumes after a reload (tokens in sessionStorage), the bot token does not.
    await page.getByLabel("Username or e-mail").fill("dev_ada");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Log in" }).last().click();
    await expect.poll(() => page.getByText("@dev_ada").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Echo" }).click();
    await page.reload();
    await expect.poll(() => page.getByLabel("Bot token", { exact: true }).isVisible()).toBe(true);
    await shot("11-bot-after-reload");
  }, 90_000);

  it("creates a socket webhook and shows whether the bot's gateway connection is open", async () => {
    // Still on Echo's page, signed in as its owner (the test above ends there).
    const form = page.getByRole("form", { name: "Create a webhook" });
    await form.getByRole("radio", { name: /Socket \(no public URL\)/ }).check();
    expect(await form.getByLabel("Webhook URL").count()).toBe(0);
    await form.getByRole("checkbox", { name: /webhook\.ping/ }).check();
    await form.getByRole("button", { name: "Create webhook" }).click();
    const card = page.getByRole("listitem", { name: "Socket webhook" });
    await expect.poll(() => card.getByRole("status").first().textContent()).toBe("not connected");
    expect(await card.getByRole("button", { name: "Rotate secret" }).count()).toBe(0);
    expect(await page.getByTestId("secret-value").count()).toBe(0);

    // The bot connects: the open delivery log refreshes the card, and a ping reaches the bot and is acked.
    const gateway = await WsClient.open(server.url, "/api/bot/gateway");
    try {
      gateway.send({ type: "auth", token: bot.token });
      await gateway.next((f) => f.type === "ready");
      await card.getByRole("button", { name: "Deliveries" }).click();
      await expect.poll(() => card.getByRole("status").first().textContent(), { timeout: 15_000 }).toBe("connected (1 connection)");
      await card.getByRole("button", { name: "Ping" }).click();
      const event = await gateway.next((f) => f.type === "event", 15_000);
      gateway.send({ type: "ack", delivery_id: event.delivery_id });
      const log = card.getByRole("region", { name: "Delivery log" });
      await expect.poll(() => log.locator("tr", { hasText: "webhook.ping" }).textContent(), { timeout: 15_000 }).toContain("delivered");
      await shot("11b-socket-webhook");
    } finally {
      gateway.close();
    }
    await expect.poll(() => card.getByRole("status").first().textContent(), { timeout: 15_000 }).toBe("not connected");
  });

  it("asks for the second factor when the account has 2FA on, and shows the server's detail for a wrong code", async () => {
    const http = api(server.url);
    const u = await registerUser(server.url);
    const setup = await http.post("/api/auth/toggle-2fa", { enable: true, password: u.password }, { token: u.token });
    const done = await http.post(
      "/api/auth/toggle-2fa",
      { enable: true, password: u.password, code: await generate({ secret: setup.body.secret }) },
      { token: u.token },
    );
    expect(done.body.enabled).toBe(true);

    const tab = await browser.newPage();
    await tab.goto(server.url + "/portal/");
    await tab.getByLabel("Username or e-mail").fill(u.username);
    await tab.getByLabel("Password").fill(u.password);
    await tab.getByRole("button", { name: "Log in" }).last().click();
    const code = tab.getByLabel(/Code from your authenticator app/);
    await expect.poll(() => code.isVisible()).toBe(true);
    await code.fill("000000");
    await tab.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => tab.getByRole("alert").textContent()).toBe("invalid code");
    await tab.screenshot({ path: join(SHOTS, "12-two-factor.png") });
    await code.fill(done.body.recovery_codes[0]);
    await tab.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => tab.getByText(`@${u.username}`).isVisible()).toBe(true);
    await tab.close();
  }, 30_000);

  it("opens the e-mail links: confirms the address on a button press (not on opening), and sets a new password", async () => {
    const http = api(server.url);
    const u = await registerUser(server.url);
    // Without SMTP the mails go to the log, links included; take the newest link for this address.
    const linkFor = (kind: string) => {
      const m = [...server.logs().matchAll(new RegExp(`(http://[^"\\s]+/${kind}\\?token=[\\w-]+)`, "g"))].map((x) => x[1]!);
      return m.at(-1)!;
    };
    await expect.poll(() => server.logs().includes(u.email)).toBe(true);
    const verify = new URL(linkFor("verify-email"));
    const tab = await browser.newPage();
    // The mail names the account the address is being confirmed for.
    expect(server.logs()).toMatch(new RegExp(`confirm this address for the account ${u.username}\\b`));
    await tab.goto(server.url + verify.pathname + verify.search, { waitUntil: "networkidle" });
    expect(new URL(tab.url()).pathname).toBe("/portal/verify-email");
    // Opening the link (as a mail scanner's browser would, scripts and all) confirms nothing.
    const confirm = tab.getByRole("button", { name: "Confirm my e-mail address" });
    await confirm.waitFor();
    expect((await http.get("/api/auth/me", { token: u.token })).body.email_verified).toBe(false);
    await confirm.click();
    await expect.poll(() => tab.getByRole("status").textContent()).toContain("confirmed");
    expect((await http.get("/api/auth/me", { token: u.token })).body.email_verified).toBe(true);

    await http.post("/api/auth/forgot-password", { email: u.email });
    await expect.poll(() => server.logs().includes("reset-password?token=")).toBe(true);
    const reset = new URL(linkFor("reset-password"));
    await tab.goto(server.url + reset.pathname + reset.search);
    await tab.getByLabel("New password").fill("a-brand-new-password");
    await tab.getByRole("button", { name: "Set the new password" }).click();
    await expect.poll(() => tab.getByRole("status").textContent()).toContain("password is changed");
    expect((await http.post("/api/auth/login", { login: u.username, password: "a-brand-new-password" })).status).toBe(200);
    await tab.close();
  }, 30_000);
});
