// The published packages on every runtime a bot or app author deploys to: both SDKs are packed (`npm pack`),
// installed from the tarballs into an empty project, and probed on Node 20/22/24/26, Bun, Deno, workerd (a
// Cloudflare Worker without nodejs_compat) and Chromium. Each probe exercises what breaks first on a runtime:
// sdk-bot's Web Crypto verification and fetch handler (and its node:http receiver where node:http exists);
// sdk-client's API calls to a running server, MLS key packages and realtime connection.
// Runs apart from `npm test` (npm run test:runtimes, in .ci/run): the runtimes come from the npm registry.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "../../portal/test/chromium.ts";
import { freePort } from "../helpers/ports.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { nodeBinary, runtimeBinary } from "./install.ts";

const run = promisify(execFile);
const root = join(import.meta.dirname, "..", "..");
const versions = JSON.parse(readFileSync(join(import.meta.dirname, "runtimes.json"), "utf8")) as {
  node: string[];
  bun: string;
  deno: string;
  workerd: string;
};

const work = mkdtempSync(join(tmpdir(), "parley-runtimes-"));
const app = join(work, "app");
let server: TestServer;

beforeAll(async () => {
  const [, started] = await Promise.all([
    (async () => {
      await run("npm", ["pack", "-w", "sdk-bot", "-w", "sdk-client", "--pack-destination", work, "--loglevel=error"], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      });
      const tarballs = readdirSync(work).filter((f) => f.endsWith(".tgz"));
      expect(tarballs).toHaveLength(2);
      mkdirSync(app);
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "probe", private: true, type: "module" }));
      await run(
        "npm",
        ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...tarballs.map((t) => join(work, t))],
        {
          cwd: app,
        },
      );
      for (const f of readdirSync(join(import.meta.dirname, "probes"))) copyFileSync(join(import.meta.dirname, "probes", f), join(app, f));
      // Workers and pages load one bundled script, as wrangler and web bundlers make it (esbuild, browser conditions).
      for (const [entry, conditions] of [
        ["worker.mjs", ["workerd", "worker", "browser"]],
        ["browser.mjs", ["browser"]],
      ] as const) {
        await build({
          entryPoints: [join(app, entry)],
          outfile: join(app, "bundle", entry.replace(".mjs", ".js")),
          bundle: true,
          format: "esm",
          platform: "browser",
          target: "es2022",
          conditions: [...conditions],
          logLevel: "error",
        });
      }
    })(),
    startTestServer(),
    // The runtimes download while the packages build (the first run only).
    Promise.all([...versions.node.map(nodeBinary), runtimeBinary("bun", versions.bun), runtimeBinary("deno", versions.deno)]),
    runtimeBinary("workerd", versions.workerd),
  ]);
  server = started;
}, 600_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const botResult = {
  vector: 1700000000,
  fetch: {
    status: 200,
    body: { received: true },
    handledAtAnswer: 0,
    handled: ["w-fetch"],
    bad: 400,
    refused: ["SignatureVerificationError"],
  },
};
const clientResult = { me: true, keyPackages: expect.any(Number), e2e: "function", realtime: "ready", readyUser: true };

async function probe(cmd: string, args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(cmd, args, {
    cwd: app,
    env: { ...process.env, PARLEY_URL: server.url, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    timeout: 90_000,
  });
  const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
  expect((result.client as { keyPackages: number }).keyPackages).toBeGreaterThanOrEqual(2);
  return result;
}

describe("runtimes that run a file", () => {
  it.each(versions.node)("Node %s: both SDKs from the tarballs, the fetch handler and the node:http receiver", async (version) => {
    const result = await probe(await nodeBinary(version), ["main.mjs"]);
    expect(result).toEqual({
      bot: botResult,
      nodeReceiver: { status: 200, handled: ["w-node"] },
      client: clientResult,
      clientEntry: Number(version.split(".")[0]) >= 22 ? "main" : "node",
      require: ["function", "function"],
    });
  });

  it(`Bun ${versions.bun}`, async () => {
    const result = await probe(await runtimeBinary("bun", versions.bun), ["main.mjs"]);
    expect(result).toEqual({
      bot: botResult,
      nodeReceiver: { status: 200, handled: ["w-node"] },
      client: clientResult,
      clientEntry: "main",
    });
  });

  it(`Deno ${versions.deno}`, async () => {
    const result = await probe(await runtimeBinary("deno", versions.deno), ["run", "--allow-all", "--no-prompt", "main.mjs"]);
    expect(result).toEqual({
      bot: botResult,
      nodeReceiver: { status: 200, handled: ["w-node"] },
      client: clientResult,
      clientEntry: "main",
    });
  });
});

describe(`workerd ${versions.workerd} (a Cloudflare Worker without nodejs_compat)`, () => {
  let workerd: ChildProcess;
  let callbacks: Server;
  const called: string[] = [];
  let base = "";

  beforeAll(async () => {
    callbacks = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        called.push(body);
        res.end();
      });
    });
    await new Promise<void>((r) => callbacks.listen(0, "127.0.0.1", r));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    writeFileSync(
      join(app, "workerd.capnp"),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .probe),
    # The default outbound network allows public addresses only; the test server is on loopback.
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const probe :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "bundle/worker.js")],
  compatibilityDate = "2026-11-01",
  bindings = [
    (name = "PARLEY_URL", text = "${server.url}"),
    (name = "CALLBACK_URL", text = "http://127.0.0.1:${(callbacks.address() as AddressInfo).port}/called"),
  ],
);
`,
    );
    const stderr: string[] = [];
    workerd = spawn(await runtimeBinary("workerd", versions.workerd), ["serve", "workerd.capnp"], {
      cwd: app,
      stdio: ["ignore", "ignore", "pipe"],
    });
    workerd.stderr!.on("data", (c: Buffer) => stderr.push(c.toString()));
    await vi.waitFor(
      async () => {
        if (workerd.exitCode !== null) throw new Error(`workerd exited: ${stderr.join("")}`);
        expect((await fetch(`${base}/ready`, { method: "HEAD" })).status).toBe(200);
      },
      { timeout: 30_000, interval: 200 },
    );
  }, 60_000);

  afterAll(async () => {
    workerd?.kill();
    await new Promise((r) => callbacks?.close(r));
  });

  it("loads both SDKs, verifies, answers through the fetch handler, calls the API, builds key packages, connects", async () => {
    const res = await fetch(`${base}/probe`);
    const result = (await res.json()) as Record<string, unknown>;
    expect(result).toEqual({ bot: botResult, client: clientResult });
    expect((result.client as { keyPackages: number }).keyPackages).toBeGreaterThanOrEqual(2);
  });

  it("a signed webhook is answered 200 and its handler finishes under ctx.waitUntil", async () => {
    const { signPayload } = await import("../../sdk-bot/src/index.ts");
    const event = {
      id: crypto.randomUUID(),
      type: "webhook.ping",
      space_id: null,
      delivered_at: new Date().toISOString(),
      bot_user_id: "b",
      data: { webhook_id: "w-worker" },
    };
    const body = JSON.stringify(event);
    const res = await fetch(`${base}/hook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-delivery": event.id,
        "x-service-signature": await signPayload(body, "whsec_runtime_probe"),
      },
      body,
    });
    expect(res.status).toBe(200);
    await expect.poll(() => called).toEqual(["w-worker"]);
    const forged = await fetch(`${base}/hook`, {
      method: "POST",
      headers: { "x-service-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
      body,
    });
    expect(forged.status).toBe(400);
  });
});

it("Chromium: sdk-client (and sdk-bot) bundled for the browser, against the server from the page's origin", async () => {
  const userDir = mkdtempSync(join(tmpdir(), "runtimes-chromium-"));
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    bypassCSP: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // The browser's own request for /favicon.ico answers 404: not the probe's concern.
    page.on("console", (m) => void (m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text())));
    // A page of the server's own origin, as the portal is: no CORS, and a WebSocket
    // that Chromium's local-network checks allow (a page made up by page.route would not get one).
    await page.goto(`${server.url}/healthz`);
    await page.addScriptTag({ type: "module", content: readFileSync(join(app, "bundle", "browser.js"), "utf8") });
    await page.waitForFunction(() => typeof (globalThis as { runProbe?: unknown }).runProbe === "function");
    const result = await page.evaluate(
      (url) => (globalThis as unknown as { runProbe(u: string): Promise<unknown> }).runProbe(url),
      server.url,
    );
    expect(errors).toEqual([]);
    expect(result).toEqual({ bot: botResult, client: clientResult });
  } finally {
    await context.close();
    rmSync(userDir, { recursive: true, force: true });
  }
});
