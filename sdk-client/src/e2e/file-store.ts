// A file-per-key E2EStore for Node (CLI clients, bots): atomic writes (temp file + rename), owner-only files.
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { E2EStore } from "./store.ts";

/** An {@link E2EStore} in a folder, one file per key, written atomically (Node only: from `@parley/sdk-client/node`). */
export class FileStore implements E2EStore {
  private ready: Promise<unknown>;
  constructor(private dir: string) {
    this.ready = mkdir(dir, { recursive: true, mode: 0o700 });
  }
  private path(key: string): string {
    return join(this.dir, encodeURIComponent(key));
  }
  /** The value of `key`, or undefined. */
  async get(key: string): Promise<Uint8Array | undefined> {
    await this.ready;
    try {
      return new Uint8Array(await readFile(this.path(key)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  }
  /** Stores `value` under `key` (write to a temporary file, then rename). */
  async set(key: string, value: Uint8Array): Promise<void> {
    await this.ready;
    const tmp = `${this.path(key)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, value, { mode: 0o600 });
    await rename(tmp, this.path(key));
  }
  /** Removes `key`. */
  async delete(key: string): Promise<void> {
    await this.ready;
    await rm(this.path(key), { force: true });
  }
  async keys(prefix: string): Promise<string[]> {
    await this.ready;
    return (await readdir(this.dir))
      .filter((f) => !f.endsWith(".tmp"))
      .map(decodeURIComponent)
      .filter((k) => k.startsWith(prefix));
  }
}
