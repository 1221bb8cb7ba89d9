// `npm start` as root from a checkout in a folder other users cannot enter (root's home is mode 700, as is
// `mktemp -d`), with no variables: embedded PostgreSQL runs as the system user `postgres`, which can reach
// neither the binaries in node_modules nor a DATA_DIR there. The service must come up anyway, with no step for
// the user, and come up again on the same data. Root only (PostgreSQL runs as `postgres` only for root).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { SYSTEM_DIR } from "../server/src/platform/embedded-postgres.ts";
import { startServerProcess, type ServerProcess } from "./helpers/process.ts";
import { api } from "./helpers/http.ts";
import { registerUser } from "./helpers/users.ts";
import { removeDataDir } from "./helpers/embedded.ts";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "..");
const asRoot = process.getuid?.() === 0;

const privateDir = mkdtempSync(join(tmpdir(), "parley-private-"));
const checkout = join(privateDir, "parley");
const dataDir = join(checkout, "server", "data"); // the default DATA_DIR of `npm start`
let server: ServerProcess | undefined;

/** `npm` does not pass SIGTERM on to the server: signal the whole group, as a supervisor does. */
async function stop(s: ServerProcess): Promise<void> {
  try {
    s.signalGroup("SIGTERM");
  } catch {
    // the group is gone already
  }
  await s.exited;
}

afterAll(async () => {
  if (server) await stop(server);
  removeDataDir(dataDir);
  rmSync(privateDir, { recursive: true, force: true });
});

/** This checkout (without .git and any local DATA_DIR) under `to`, as hard links: the files are the same, the path is private. */
async function linkedCheckout(to: string): Promise<void> {
  mkdirSync(join(to, "server"), { recursive: true });
  for (const name of readdirSync(ROOT)) if (name !== ".git" && name !== "server") await run("cp", ["-al", join(ROOT, name), to]);
  for (const name of readdirSync(join(ROOT, "server")))
    if (name !== "data") await run("cp", ["-al", join(ROOT, "server", name), join(to, "server")]);
}

const start = async () =>
  (server = await startServerProcess(
    // No DATA_DIR, DATABASE_URL, REDIS_URL or secrets: what a newcomer's `npm start` has.
    { JWT_SECRET: "", BOT_TOKEN_SECRET: "", LOG_LEVEL: "info" },
    { viaNpm: true, root: checkout, timeoutMs: 240_000 },
  ));

it.skipIf(!asRoot)(
  "as root, npm start from a checkout in a mode-700 folder serves, and serves again on the same data after a restart",
  { timeout: 600_000 },
  async () => {
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    await linkedCheckout(checkout);

    let s = await start();
    // The `postgres` user (there by now) cannot pass the private folder: neither the binaries nor DATA_DIR are within its reach.
    await expect(run("test", ["-x", join(checkout, "node_modules")], { uid: await idOf("-u"), gid: await idOf("-g") })).rejects.toThrow();
    const http = api(s.url);
    expect(await http.get("/readyz")).toMatchObject({ status: 200, body: { status: "ok" } });
    const user = await registerUser(s.url);
    expect(await http.get("/api/auth/me", { token: user.token })).toMatchObject({ status: 200, body: { id: user.id } });

    // The cluster lives outside the private folder, DATA_DIR links to it, and the server runs binaries from outside it too.
    const cluster = readlinkSync(join(dataDir, "postgres"));
    expect(cluster.startsWith(SYSTEM_DIR + "/")).toBe(true);
    const postmaster = Number(readFileSync(join(cluster, "postmaster.pid"), "utf8").split("\n")[0]);
    expect(realpathSync(`/proc/${postmaster}/exe`).startsWith(SYSTEM_DIR + "/")).toBe(true);
    // The secrets stay in DATA_DIR, private.
    expect(statSync(join(dataDir, "postgres.password")).mode & 0o777).toBe(0o600);

    await stop(s);
    s = await start();
    expect(s.output()).not.toContain("first start");
    expect(readlinkSync(join(dataDir, "postgres"))).toBe(cluster);
    expect((await api(s.url).post("/api/auth/login", { login: user.username, password: user.password })).status).toBe(200);
  },
);

async function idOf(flag: "-u" | "-g"): Promise<number> {
  return Number((await run("id", [flag, "postgres"])).stdout);
}
