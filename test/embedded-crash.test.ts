// Embedded mode after a crash (issue 16): the embedded PostgreSQL runs in its own session, so a `kill -9` of the
// service leaves it running and holding DATA_DIR; the next start must stop it and come up. A crash of both (a
// machine going down) leaves a stale postmaster.pid, which must not block the next start either.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { embeddedDataDir } from "./helpers/embedded.ts";
import { startServerProcess, type ServerProcess } from "./helpers/process.ts";
import { api } from "./helpers/http.ts";
import { registerUser } from "./helpers/users.ts";

let dataDir: string | undefined;
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.allSettled(running.map((p) => p.stop()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
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
  expect(isAlive(orphan)).toBe(false);
  expect(await api(b.url).get("/api/auth/me", { token: user.token })).toMatchObject({ status: 200, body: { id: user.id } });
  const second = await registerUser(b.url);

  // Both die at once: postmaster.pid stays behind, naming a process that is gone.
  const database = postmasterPid(dataDir);
  await b.kill();
  process.kill(database, "SIGKILL");
  await expect.poll(() => isAlive(database), { timeout: 10_000 }).toBe(false);
  expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(true);

  const c = await start(dataDir);
  const http = api(c.url);
  expect(await http.get("/readyz")).toMatchObject({ status: 200, body: { status: "ok" } });
  for (const u of [user, second]) expect(await http.get("/api/auth/me", { token: u.token })).toMatchObject({ status: 200, body: { id: u.id } });

  // A graceful stop stops the database too.
  const last = postmasterPid(dataDir);
  await c.stop();
  expect(await c.exited).toBe(0);
  expect(isAlive(last)).toBe(false);
  expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
});
