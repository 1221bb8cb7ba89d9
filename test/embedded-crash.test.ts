// Embedded mode after a crash: the embedded PostgreSQL runs in its own session, so a `kill -9` of the
// service leaves it running and holding DATA_DIR; the next start must stop it and come up. A crash of both (a
// machine going down) leaves a stale postmaster.pid, which must not block the next start either.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { embeddedDataDir, removeDataDir } from "./helpers/embedded.ts";
import { startServerProcess, type ServerProcess } from "./helpers/process.ts";
import { api } from "./helpers/http.ts";
import { registerUser } from "./helpers/users.ts";
import { startTestServer } from "./helpers/server.ts";

let dataDir: string | undefined;
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.allSettled(running.map((p) => p.stop()));
  if (dataDir) removeDataDir(dataDir);
});

// A process that has exited but was not reaped yet (a zombie: its parent died and PID 1 of a container may reap
// late or never) still answers kill(0); it holds nothing, so it counts as gone, as the service counts it.
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

const postmasterPid = (dir: string) => Number(readFileSync(join(dir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);

async function start(dir: string): Promise<ServerProcess> {
  const p = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: "info" });
  running.push(p);
  return p;
}

it("comes up after a kill -9 of the service, and after a crash that also killed its database", { timeout: 240_000 }, async () => {
  dataDir = await embeddedDataDir();
  const a = await start(dataDir);
  const user = await registerUser(a.url);
  const orphan = postmasterPid(dataDir);
  await a.kill();
  expect(isAlive(orphan)).toBe(true); // the database outlived its service and still holds DATA_DIR

  const b = await start(dataDir);
  expect(b.output()).toContain("embedded PostgreSQL: stopping the server left running by a start that did not shut down");
  await expect.poll(() => isAlive(orphan), { timeout: 10_000 }).toBe(false);
  expect(await api(b.url).get("/api/auth/me", { token: user.token })).toMatchObject({ status: 200, body: { id: user.id } });
  const second = await registerUser(b.url);

  // Both die at once: postmaster.pid stays behind, naming a process that is gone.
  const database = postmasterPid(dataDir);
  await b.kill();
  process.kill(database, "SIGKILL");
  await expect.poll(() => isAlive(database), { timeout: 10_000 }).toBe(false);
  expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(true);

  // The third start runs in this process (nothing kills it; a process start costs seconds), with the secrets
  // kept in DATA_DIR as the processes had them (empty variables: not set).
  const c = await startTestServer({ embedded: true, dataDir, env: { JWT_SECRET: "", BOT_TOKEN_SECRET: "" } });
  const http = api(c.url);
  expect(await http.get("/readyz")).toMatchObject({ status: 200, body: { status: "ok" } });
  for (const u of [user, second])
    expect(await http.get("/api/auth/me", { token: u.token })).toMatchObject({ status: 200, body: { id: u.id } });

  // A graceful stop stops the database too.
  const last = postmasterPid(dataDir);
  await c.stop();
  await expect.poll(() => isAlive(last), { timeout: 10_000 }).toBe(false);
  expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
});
