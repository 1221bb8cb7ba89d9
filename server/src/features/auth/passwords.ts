// Argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane): about 100 ms of a core per hash.
// Hashing runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which DNS lookups
// (webhook deliveries) and file work share: a flood of logins or registrations must not take all of it, so at
// most HASH_CONCURRENCY hashes run at once, and the rest wait their turn within the bounds of hash-slots.ts.
import { hash, verify } from "@node-rs/argon2";
import { Counter, Gauge, type Registry } from "prom-client";
import { HashSlots, type HashSlotLimits } from "./hash-slots.ts";

const PARAMS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The profile with its memory multiplied by `scale` (PASSWORD_HASH_SCALE, tests only: refused in production), never
 * under Argon2's floor of 8 KiB per lane. Verification reads the profile from the stored hash, so hashes made at
 * another scale still verify.
 */
const paramsAt = (scale: number) => ({ ...PARAMS, memoryCost: Math.max(8, Math.round(PARAMS.memoryCost * scale)) });

/** Half of libuv's default pool. */
export const HASH_CONCURRENCY = 2;

/** docs/limits.md#password-hashing: computations waiting or running per client address, and in the whole process. */
const HASH_SLOTS: HashSlotLimits = { running: HASH_CONCURRENCY, perClient: 4, total: 32 };

export class Passwords {
  private slots: HashSlots;
  private runs: Counter<"op">;
  // Verified against when the account does not exist, so unknown users cost the same time as wrong passwords.
  private dummy: Promise<string>;
  private params: ReturnType<typeof paramsAt>;

  constructor(registry: Registry, opts: { scale?: number; limits?: HashSlotLimits } = {}) {
    const { scale = 1, limits = HASH_SLOTS } = opts;
    this.params = paramsAt(scale);
    this.runs = new Counter({
      name: "password_hashes_total",
      help: "Argon2 computations, by operation",
      labelNames: ["op"],
      registers: [registry],
    });
    const waits = new Counter({
      name: "password_hash_waits_total",
      help: "Argon2 computations that had to wait for a free slot",
      registers: [registry],
    });
    const refusals = new Counter({
      name: "password_hash_refusals_total",
      help: "Argon2 computations refused (503) because the client address (client) or the process (total) held its share of slots",
      labelNames: ["reason"],
      registers: [registry],
    });
    const slots = (this.slots = new HashSlots(limits, { refused: (reason) => refusals.inc({ reason }), waited: () => waits.inc() }));
    new Gauge({
      name: "password_hash_queue",
      help: "Argon2 computations waiting for a free slot",
      registers: [registry],
      collect() {
        this.set(slots.waiting);
      },
    });
    // Made once at start, outside the slots: no client can make it run again.
    this.dummy = hash("not-a-real-password-just-timing", this.params);
    this.dummy.catch(() => undefined);
  }

  /** Throws the 503 of hash-slots.ts, having computed nothing, when `client` or the process holds its share. */
  hash(password: string, client: string): Promise<string> {
    return this.run("hash", client, () => hash(password, this.params));
  }

  /** As `hash`; an unknown account (`stored` empty) costs a verification too, in a slot of the same client. */
  async verify(stored: string | null | undefined, password: string, client: string): Promise<boolean> {
    if (!stored) {
      const dummy = await this.dummy;
      await this.run("verify", client, () => verify(dummy, password).catch(() => false));
      return false;
    }
    return this.run("verify", client, () => verify(stored, password).catch(() => false));
  }

  private run<T>(op: "hash" | "verify", client: string, fn: () => Promise<T>): Promise<T> {
    return this.slots.run(client, () => {
      this.runs.inc({ op });
      return fn();
    });
  }
}
