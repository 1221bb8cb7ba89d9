// Argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane): ~100 ms here per hash.
// Hashing runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which DNS lookups
// (webhook deliveries) and file work share: a flood of logins or registrations must not take all of it, so at
// most HASH_CONCURRENCY hashes run at once and the rest wait their turn.
import { hash, verify } from "@node-rs/argon2";
import pLimit, { type LimitFunction } from "p-limit";
import { Counter, Gauge, type Registry } from "prom-client";

const PARAMS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Half of libuv's default pool. */
export const HASH_CONCURRENCY = 2;

export class Passwords {
  private slots: LimitFunction;
  private runs: Counter<"op">;
  private waits: Counter;
  // Verified against when the account does not exist, so unknown users cost the same time as wrong passwords.
  private dummy: Promise<string> | undefined;

  constructor(registry: Registry, concurrency = HASH_CONCURRENCY) {
    this.slots = pLimit(concurrency);
    this.runs = new Counter({
      name: "password_hashes_total",
      help: "Argon2 computations, by operation",
      labelNames: ["op"],
      registers: [registry],
    });
    this.waits = new Counter({
      name: "password_hash_waits_total",
      help: "Argon2 computations that had to wait for a free slot",
      registers: [registry],
    });
    const slots = this.slots;
    new Gauge({
      name: "password_hash_queue",
      help: "Argon2 computations waiting for a free slot",
      registers: [registry],
      collect() {
        this.set(slots.pendingCount);
      },
    });
  }

  hash(password: string): Promise<string> {
    return this.run("hash", () => hash(password, PARAMS));
  }

  async verify(stored: string | null | undefined, password: string): Promise<boolean> {
    if (!stored) {
      this.dummy ??= this.hash("not-a-real-password-just-timing");
      const dummy = await this.dummy;
      await this.run("verify", () => verify(dummy, password)).catch(() => false);
      return false;
    }
    return this.run("verify", () => verify(stored, password)).catch(() => false);
  }

  private run<T>(op: "hash" | "verify", fn: () => Promise<T>): Promise<T> {
    if (this.slots.activeCount >= this.slots.concurrency) this.waits.inc();
    return this.slots(() => {
      this.runs.inc({ op });
      return fn();
    });
  }
}
