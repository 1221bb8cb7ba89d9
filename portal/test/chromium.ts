// Debian's Chromium driven by playwright-core (no downloaded browsers), with the flags that keep it offline and
// quiet: a fresh profile directory per launch, removed on close.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function launchChromium(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const userDir = mkdtempSync(join(tmpdir(), "portal-chromium-"));
  // headless: playwright passes --headless; the profile directory is given as --user-data-dir.
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDir, { recursive: true, force: true });
    },
  };
}

/** Everything that went wrong while a page loaded: failed requests, answers of 400 and more, console errors. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`));
  page.on("response", (r) => void (r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`)));
  page.on("console", (m) => void (m.type() === "error" && problems.push(`console error: ${m.text()}`)));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return problems;
}
