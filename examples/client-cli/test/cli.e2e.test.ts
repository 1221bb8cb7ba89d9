// End to end: the CLI against a real server and a tiny bot (plain node:http) that verifies the webhook signature
// (docs/webhooks.md#signature) and answers through POST /api/bot/interactions/respond. The reply must reach the CLI over the
// realtime connection and be printed.
import { execFile } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/server.ts";
import { startDiceBot } from "../../dice-bot/src/bot.ts";

const CLI_DIR = resolve(import.meta.dirname, "..");
let server: TestServer;
let stateDir: string;

beforeAll(async () => {
  server = await startTestServer();
  stateDir = mkdtempSync(join(tmpdir(), "parley-cli-"));
});
afterAll(async () => {
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

function cli(...args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/main.ts", ...args],
      { cwd: CLI_DIR, env: { ...process.env, PARLEY_URL: server.url, PARLEY_STATE: join(stateDir, "state.json") }, timeout: 30_000 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`cli ${args[0]} failed: ${stderr || err.message}`));
        resolvePromise(JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>);
      },
    );
  });
}

interface Invoked {
  interaction_token: string;
  command: string;
  options: { sides?: number; count?: number; private?: boolean };
}

/** A dice bot in a few lines: verify, answer 200 at once, then reply ephemerally. */
function diceBot(bot: { token: string; secret: string }): Promise<{ server: Server; url: string; verified: Invoked[]; refused: number }> {
  const state = { verified: [] as Invoked[], refused: 0 };
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const header = String(req.headers["x-service-signature"] ?? "");
      const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
      const sigs = [...header.matchAll(/v1=([0-9a-f]{64})/g)].map((m) => Buffer.from(m[1]!, "hex"));
      const expected = createHmac("sha256", bot.secret).update(`${t}.${raw}`).digest();
      const fresh = t !== undefined && Math.abs(Date.now() / 1000 - Number(t)) <= 300;
      if (!fresh || !sigs.some((s) => s.length === expected.length && timingSafeEqual(s, expected))) {
        state.refused++;
        return void res.writeHead(400).end();
      }
      res.writeHead(200).end();
      const event = JSON.parse(raw) as { type: string; data: Invoked };
      if (event.type !== "command.invoked") return;
      state.verified.push(event.data);
      const { sides = 6, count = 1 } = event.data.options;
      const rolls = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * sides));
      void fetch(`${server.url}/api/bot/interactions/respond`, {
        method: "POST",
        headers: { authorization: `Bot ${bot.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          interaction_token: event.data.interaction_token,
          content: `🎲 ${count}d${sides}: ${rolls.join(" + ")} = ${rolls.reduce((a, b) => a + b, 0)}`,
        }),
      });
    });
  });
  return new Promise((ok) =>
    http.listen(0, "127.0.0.1", () => {
      const { port } = http.address() as AddressInfo;
      ok({
        server: http,
        url: `http://127.0.0.1:${port}/hook`,
        get verified() {
          return state.verified;
        },
        get refused() {
          return state.refused;
        },
      });
    }),
  );
}

it("registers, creates a bot and a space, installs the bot, and prints the ephemeral /roll reply", { timeout: 90_000 }, async () => {
  const tag = Date.now().toString(36);
  const me = await cli("register", `cli_${tag}`, `cli_${tag}@example.test`, "correct-horse-battery");
  expect(me.username).toBe(`cli_${tag}`);
  const saved = JSON.parse(readFileSync(join(stateDir, "state.json"), "utf8")) as { accessToken: string; refreshToken: string };
  expect(saved.accessToken).toBeTruthy();
  expect(saved.refreshToken).toBeTruthy();

  const botCreds = { token: "", secret: "" };
  const bot = await diceBot(botCreds);
  try {
    const created = await cli("create-bot", `dice_${tag}`, "--webhook", bot.url);
    botCreds.token = created.token as string;
    botCreds.secret = created.webhook_secret as string;
    expect(botCreds.token).toMatch(/^bot_[0-9a-f]{48}$/);
    expect(botCreds.secret).toMatch(/^whsec_/);

    const put = await fetch(`${server.url}/api/bot/commands`, {
      method: "PUT",
      headers: { authorization: `Bot ${botCreds.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        commands: [
          {
            name: "roll",
            description: "Roll dice",
            options: [
              { name: "sides", type: "integer", description: "Sides per die", min: 2, max: 1000 },
              { name: "count", type: "integer", description: "How many dice", min: 1, max: 10 },
              { name: "private", type: "boolean", description: "Only you see the roll" },
            ],
          },
        ],
      }),
    });
    expect(put.status).toBe(200);

    const space = await cli("create-space", "Dice den");
    expect(space.channel_id).toBeTruthy();
    const install = await cli("install-bot", space.space_id as string, created.bot_id as string);
    expect(install).toMatchObject({ state: "ACTIVE", bot_user_id: created.bot_id });

    const rolled = await cli("roll", space.space_id as string, created.bot_id as string, "--sides", "6", "--count", "2");
    expect(rolled.bot_user_id).toBe(created.bot_id);
    expect(rolled.reply).toMatch(/^🎲 2d6: [1-6] \+ [1-6] = \d+$/);
    expect(bot.verified).toHaveLength(1);
    expect(bot.verified[0]).toMatchObject({ command: "roll", options: { sides: 6, count: 2 } });
    expect(bot.refused).toBe(0);

    // The generic form, with typed key=value options.
    const again = await cli("invoke", space.space_id as string, created.bot_id as string, "roll", "sides=20", "private=true");
    expect(again.reply).toMatch(/^🎲 1d20: \d+ = \d+$/);
    expect(bot.verified[1]?.options).toEqual({ sides: 20, private: true });

    // Still signed in on a later run (tokens kept in PARLEY_STATE).
    expect(await cli("whoami")).toMatchObject({ username: `cli_${tag}` });
    // Errors print the server's detail and exit non-zero.
    await expect(cli("create-space", "x".repeat(101))).rejects.toThrow(/error 422: /);
  } finally {
    bot.server.closeAllConnections();
    bot.server.close();
  }
});

it("works with the dice bot of examples/dice-bot", { timeout: 90_000 }, async () => {
  const tag = Date.now().toString(36);
  await cli("register", `cli2_${tag}`, `cli2_${tag}@example.test`, "correct-horse-battery");
  // The webhook URL must exist before the bot, whose secret comes from creating that webhook: reserve a port.
  const port = await new Promise<number>((ok) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => ok(port));
    });
  });
  const created = await cli("create-bot", `dice2_${tag}`, "--webhook", `http://127.0.0.1:${port}/`);
  const dice = await startDiceBot({
    baseUrl: server.url,
    token: created.token as string,
    webhookSecret: created.webhook_secret as string,
    port,
    random: (n) => n,
  });
  try {
    const space = await cli("create-space", "Dice den 2");
    await cli("install-bot", space.space_id as string, created.bot_id as string);
    const rolled = await cli("roll", space.space_id as string, created.bot_id as string, "--sides", "6", "--count", "3");
    expect(rolled.bot_user_id).toBe(created.bot_id);
    expect(rolled.reply).toBe("🎲 3d6: 1, 1, 1 (total 3)");
  } finally {
    await dice.close();
  }
});
