// The published artefact: `npm pack` → a tarball that installs into an empty folder and runs the README's
// snippet against a real server, and whose declarations type-check a consumer without the repository.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/helpers/server.ts";

const PKG = resolve(import.meta.dirname, "..");
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
let server: TestServer;
let work: string;

beforeAll(async () => {
  server = await startTestServer();
  work = mkdtempSync(join(tmpdir(), "parley-sdk-pack-"));
});
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

it("npm pack produces a tarball that installs and runs in an empty folder", { timeout: 180_000 }, async () => {
  npm(["pack", "--pack-destination", work], PKG);
  const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
  expect(tarball).toMatch(/^parley-sdk-client-\d+\.\d+\.\d+\.tgz$/);
  const files = execFileSync("tar", ["-tzf", join(work, tarball!)], { encoding: "utf8" }).split("\n");
  expect(files).toContain("package/dist/sdk-client/src/index.js");
  expect(files).toContain("package/dist/generated/api.d.ts");
  expect(files.some((f) => f.startsWith("package/src/") || f.startsWith("package/test/"))).toBe(false);

  const app = join(work, "app");
  execFileSync("mkdir", [app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  npm(["install", "--prefer-offline", "--no-audit", "--no-fund", join(work, tarball!)], app);

  // The README's snippet, as is.
  const readme = readFileSync(join(PKG, "README.md"), "utf8");
  const snippet = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(snippet).toBeTruthy();
  writeFileSync(join(app, "example.mjs"), snippet!);
  // Asynchronously: the server runs in this very process and must keep answering.
  const { stdout: out } = await promisify(execFile)(process.execPath, ["example.mjs"], {
    cwd: app,
    encoding: "utf8",
    env: { ...process.env, PARLEY_URL: server.url },
    timeout: 30_000,
  });
  expect(out).toMatch(/new tokens for demo_/);
  expect(out).toMatch(/ready \{[\s\S]*type: 'ready'/);
  expect(out).toMatch(/message [0-9a-f-]{36}/);
  expect(out).toMatch(/422 /);

  // The declarations stand alone: a strict consumer type-checks against the installed package.
  writeFileSync(
    join(app, "check.ts"),
    [
      'import { createClient, ApiError, type UserResponse, type InteractionResponseFrame } from "@parley/sdk-client";',
      'import { connectRealtime } from "@parley/sdk-client/node";',
      'const client = createClient({ baseUrl: "http://x" });',
      "export const me: Promise<UserResponse> = client.me();",
      'export const bots = client.GET("/api/bots").then((b) => b.map((x) => x.username));',
      'const rt = connectRealtime({ baseUrl: "http://x", token: "t" });',
      'rt.on("interaction:response", (f: InteractionResponseFrame) => f.content.toUpperCase());',
      "export const isErr = (e: unknown) => e instanceof ApiError && e.errors.map((i) => i.code);",
      "// Fields the server defaults are optional (visibility).",
      'export const made = client.spaces.create({ name: "Demo" });',
      "// @ts-expect-error unknown paths do not type-check",
      'client.GET("/api/nope");',
    ].join("\n"),
  );
  // The README's example, as TypeScript.
  writeFileSync(join(app, "readme.ts"), snippet!);
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const typecheck = () => {
    try {
      return execFileSync(
        process.execPath,
        [
          tsc,
          "--noEmit",
          "--strict",
          "--module",
          "nodenext",
          "--moduleResolution",
          "nodenext",
          "--target",
          "es2022",
          "--lib",
          "es2022,dom",
          "--types",
          "node",
          "--typeRoots",
          join(PKG, "..", "node_modules", "@types"),
          "check.ts",
          "readme.ts",
        ],
        { cwd: app, encoding: "utf8" },
      );
    } catch (err) {
      return String((err as { stdout?: string }).stdout);
    }
  };
  expect(typecheck()).toBe("");
});
