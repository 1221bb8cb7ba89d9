// Where an E2E client keeps its secrets (private KeyPackages, group states, cached plaintexts): a tiny
// key-value interface, so apps can bring IndexedDB, a keychain or a database. Keys are short ASCII strings.
/** Where an {@link E2EClient} keeps its secrets: a small key-value interface (IndexedDB, a keychain, a database …). */
export interface E2EStore {
  /** The value of `key`, or undefined. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Stores `value` under `key`. */
  set(key: string, value: Uint8Array): Promise<void>;
  /** Removes `key`. */
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix`. */
  keys(prefix: string): Promise<string[]>;
}

/** Keeps everything in memory (tests, short-lived bots of a session, browsers without persistence). */
export class MemoryStore implements E2EStore {
  private map = new Map<string, Uint8Array>();
  /** The value of `key`, or undefined. */
  async get(key: string) {
    return this.map.get(key);
  }
  /** Stores `value` under `key`. */
  async set(key: string, value: Uint8Array) {
    this.map.set(key, value);
  }
  /** Removes `key`. */
  async delete(key: string) {
    this.map.delete(key);
  }
  async keys(prefix: string) {
    return [...this.map.keys()].filter((k) => k.startsWith(prefix));
  }
}
