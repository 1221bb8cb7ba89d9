// The published package on its own: build, `npm pack`, install the tarball into an empty folder, then import it
// from plain Node and type-check a TypeScript consumer against the bundled declarations.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

const pkgDir = join(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "sdk-bot-pack-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

it("npm pack gives a tarball that installs and runs in an empty folder", { timeout: 240_000 }, () => {
  run(process.execPath, ["scripts/build.mjs"], pkgDir);
  run("npm", ["pack", "--pack-destination", work], pkgDir);
  const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
  expect(tarball).toMatch(/^parley-sdk-bot-.*\.tgz$/);
  const listing = run("tar", ["-tzf", join(work, tarball as string)], work);
  expect(listing).toContain("package/dist/sdk-bot/src/index.js");
  expect(listing).toContain("package/dist/generated/api.d.ts");
  expect(listing).toContain("package/README.md");
  expect(listing).toContain("package/LICENSE");
  expect(listing).not.toContain("package/src/");
  expect(listing).not.toContain("package/test/");

  // What a Cloudflare Worker loads must not need nodejs_compat: no node: module, no Buffer, no setImmediate.
  const dist = join(pkgDir, "dist");
  for (const file of readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"))) {
    const js = readFileSync(join(dist, file), "utf8");
    expect({
      file,
      nodeOnly: js.match(/\bfrom\s*["']node:|\bimport\(\s*["']node:|\bBuffer\.|\bsetImmediate\(|\bprocess\./g) ?? [],
    }).toEqual({ file, nodeOnly: [] });
  }

  const app = join(work, "app");
  run("mkdir", ["-p", app], work);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", join(work, tarball as string)], app);

  writeFileSync(
    join(app, "main.mjs"),
    `import { verifySignature, signPayload, createBot, RateLimitError } from "@parley/sdk-bot";
const body = '{"id":"0b7e7f7e-1111-4222-8333-944455556666","type":"ping","data":{}}';
const header = "t=1700000000,v1=f157daee91c69843ad75d506d507d46c093a8a12049f616184bdab2c61a195f1";
const t = await verifySignature(body, header, "whsec_test_secret", { now: 1700000000 });
const same = (await signPayload(body, "whsec_test_secret", { timestamp: 1700000000 })) === header;
const bot = createBot({ baseUrl: "http://127.0.0.1:1", token: "bot_" + "0".repeat(48) });
console.log(JSON.stringify({ t, same, client: typeof bot.commands.sync, errors: typeof RateLimitError }));
`,
  );
  expect(JSON.parse(run(process.execPath, ["main.mjs"], app))).toEqual({
    t: 1700000000,
    same: true,
    client: "function",
    errors: "function",
  });

  // The declarations stand alone: a strict consumer type-checks against them (skipLibCheck off).
  writeFileSync(
    join(app, "consumer.ts"),
    `import { createBot, command, createWebhookHandler, type components, type OptionsOf } from "@parley/sdk-bot";
const roll = command("roll", "Roll").integer("sides", { description: "Sides", required: true });
const o: OptionsOf<typeof roll> = { sides: 6 };
const r: components["schemas"]["Bot.CommandResponse"][] = [];
const bot = createBot({ baseUrl: "http://x", token: "t" });
const h = createWebhookHandler({ secret: "s", bot }).onCommand(roll, async (e, ctx) => ctx.interaction.respond(String(e.data.options.sides + o.sides)));
// Fields the server defaults are optional: a command without \`options\`, an option without \`required\`.
void bot.api.PUT("/api/bot/commands", { body: { commands: [{ name: "a", description: "A" }, { name: "b", description: "B", options: [{ name: "o", type: "string", description: "O" }] }] } });
export { r, h };
`,
  );
  // The README's example, as TypeScript.
  const readme = readFileSync(join(pkgDir, "README.md"), "utf8");
  const example = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeTruthy();
  writeFileSync(join(app, "readme.ts"), example!);
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const out = (() => {
    try {
      return run(
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
          "--types",
          "node",
          "--typeRoots",
          join(pkgDir, "..", "node_modules", "@types"),
          "consumer.ts",
          "readme.ts",
        ],
        app,
      );
    } catch (err) {
      return String((err as { stdout?: string }).stdout) + String((err as { stderr?: string }).stderr);
    }
  })();
  expect(out).toBe("");
});
