// Encrypted chat from the command line: two people, each with their own token file and E2E store, run the CLI
// one command at a time against a real server. What one sends, the other reads decrypted, while the server's
// database and log never hold the plaintext.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/server.ts";

const CLI_DIR = resolve(import.meta.dirname, "..");
const NODE_ARGS = ["--import", "tsx", "src/main.ts"];
let server: TestServer;
let stateDir: string;

beforeAll(async () => {
  server = await startTestServer();
  stateDir = mkdtempSync(join(tmpdir(), "parley-chat-"));
});
afterAll(async () => {
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

const envFor = (who: string) => ({ ...process.env, PARLEY_URL: server.url, PARLEY_STATE: join(stateDir, `${who}.json`) });

/** Runs one CLI command as `who` (async: a synchronous spawn would block the in-process server) → its JSON lines. */
function cli(who: string, ...args: string[]): Promise<Record<string, unknown>[]> {
  return new Promise((ok, fail) => {
    execFile(process.execPath, [...NODE_ARGS, ...args], { cwd: CLI_DIR, env: envFor(who), timeout: 30_000 }, (err, stdout, stderr) => {
      if (err) return fail(new Error(`cli ${args.slice(0, 2).join(" ")} failed: ${stderr || err.message}`));
      ok(
        stdout
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      );
    });
  });
}
const one = async (who: string, ...args: string[]) => (await cli(who, ...args)).at(-1)!;

/** Two users and a space they share, made with the CLI: both tests below talk there (each CLI run is a process). */
let tag: string;
let a: Record<string, unknown>, b: Record<string, unknown>;
let space: Record<string, unknown>, joined: Record<string, unknown>;
let spaceId: string, channelId: string;
beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  a = await one("a", "register", `ada_${tag}`, `ada_${tag}@example.test`, "correct-horse-battery");
  space = await one("a", "create-space", "Secret den");
  [spaceId, channelId] = [space.space_id as string, space.channel_id as string];
  b = await one("b", "register", `bob_${tag}`, `bob_${tag}@example.test`, "correct-horse-battery");
  joined = await one("b", "join-space", space.invite_code as string);
}, 90_000);

it("two users chat end-to-end encrypted through separate CLI runs", { timeout: 90_000 }, async () => {
  const MARK = `MARKER-${tag}`;
  expect(joined).toMatchObject({ space_id: spaceId, channel_ids: [channelId] });

  const sent = await one("a", "chat", "send", spaceId, channelId, `hello ${MARK}-a`);
  expect(sent.message_id).toEqual(expect.any(String));
  expect(sent.epoch).toEqual(expect.any(Number));

  const bRead = await cli("b", "chat", "read", spaceId, channelId);
  expect(bRead).toContainEqual({ id: sent.message_id, author_id: a.user_id, text: `hello ${MARK}-a` });

  const reply = await one("b", "chat", "send", spaceId, channelId, `hi back ${MARK}-b`);
  const aRead = await cli("a", "chat", "read", spaceId, channelId, "--limit", "10");
  // Oldest first; the sender reads its own message from its store (MLS senders cannot decrypt their own).
  expect(aRead.filter((m) => m.author_id !== null)).toEqual([
    { id: sent.message_id, author_id: a.user_id, text: `hello ${MARK}-a` },
    { id: reply.message_id, author_id: b.user_id, text: `hi back ${MARK}-b` },
  ]);

  // A third user who joins now cannot read what was said before (forward secrecy), but reads what follows.
  const c = await one("c", "register", `cat_${tag}`, `cat_${tag}@example.test`, "correct-horse-battery");
  await one("c", "join-space", space.invite_code as string);
  const later = await one("a", "chat", "send", spaceId, channelId, `later ${MARK}-a2`);
  const cRead = await cli("c", "chat", "read", spaceId, channelId);
  expect(cRead).toContainEqual({ id: later.message_id, author_id: a.user_id, text: `later ${MARK}-a2` });
  expect(cRead.find((m) => m.id === sent.message_id)).toMatchObject({ author_id: a.user_id, error: expect.any(String) });
  expect(c.user_id).toBeTruthy();

  // Each user's E2E state sits in a per-device directory next to its token file.
  expect(readdirSync(join(stateDir, "a.json.e2e"))).toHaveLength(1);

  // The server holds ciphertext only: neither the messages table nor the log contains a marker.
  const rows: Record<string, unknown>[] = await server.platform.db("messages").select("*");
  expect(rows.filter((r) => r.ciphertext).length).toBeGreaterThanOrEqual(3);
  for (const r of rows) {
    expect(JSON.stringify(r)).not.toContain(MARK);
    expect(Buffer.from(String(r.ciphertext ?? ""), "base64").toString("latin1")).not.toContain(MARK);
  }
  expect(server.logs()).not.toContain(MARK);
});

it("chat listen prints messages as they arrive until interrupted", { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, [...NODE_ARGS, "chat", "listen", spaceId, channelId], { cwd: CLI_DIR, env: envFor("b") });
  const lines: Record<string, unknown>[] = [];
  let buf = "";
  child.stdout.on("data", (d: Buffer) => {
    buf += d.toString("utf8");
    for (let at = buf.indexOf("\n"); at >= 0; at = buf.indexOf("\n")) {
      lines.push(JSON.parse(buf.slice(0, at)) as Record<string, unknown>);
      buf = buf.slice(at + 1);
    }
  });
  const exited = new Promise<number | null>((ok) => child.on("exit", (code) => ok(code)));
  try {
    await expect.poll(() => lines.some((l) => l.listening === channelId), { timeout: 20_000 }).toBe(true);
    const sent = await one("a", "chat", "send", spaceId, channelId, `live ${tag}`);
    await expect.poll(() => lines.find((l) => l.id === sent.message_id), { timeout: 15_000 }).toMatchObject({ text: `live ${tag}` });
  } finally {
    child.kill("SIGINT");
  }
  expect(await exited).toBe(0);
});
