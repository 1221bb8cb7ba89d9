// Admission and fair turns for Argon2 work (docs/limits.md#password-hashing). A computation is admitted only while its
// client address holds fewer than `perClient` (waiting or running) and the process fewer than `total`; otherwise
// the caller is refused at once, before anything was computed. Admitted work runs `running` at a time, taking
// turns between addresses (each address's own work in order), so a flood from one address delays another
// address's login by about one computation per busy address, and no queue grows without bound.
import { HttpError } from "../../platform/errors.ts";

export const SERVER_BUSY = "server busy; retry shortly";
const busy = () => new HttpError(503, SERVER_BUSY, { "Retry-After": "1" });

export interface HashSlotLimits {
  /** Computations that run at once. */
  running: number;
  /** Computations one client address may have waiting or running. */
  perClient: number;
  /** Computations the process may have waiting or running. */
  total: number;
}

export type Refusal = "client" | "total";

export class HashSlots {
  /** Clients with work waiting, in turn order; each with its own waiting work in arrival order. */
  private turns = new Map<string, (() => void)[]>();
  private held = new Map<string, number>();
  private admitted = 0;
  private active = 0;
  private queued = 0;

  constructor(
    private limits: HashSlotLimits,
    private hooks: { refused(why: Refusal): void; waited(): void } = { refused() {}, waited() {} },
  ) {}

  /** Computations admitted and not yet started. */
  get waiting(): number {
    return this.queued;
  }

  /** Runs `work` in its turn; throws the 503 when `client` or the process already holds its share. */
  run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const mine = this.held.get(client) ?? 0;
    const why = refusal(this.limits, mine, this.admitted);
    if (why) {
      this.hooks.refused(why);
      return Promise.reject(busy());
    }
    this.held.set(client, mine + 1);
    this.admitted++;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active++;
        Promise.resolve()
          .then(work)
          .then(resolve, reject)
          .finally(() => this.release(client));
      };
      if (this.active < this.limits.running) return start();
      this.hooks.waited();
      this.queued++;
      const mineWaiting = this.turns.get(client);
      if (mineWaiting) mineWaiting.push(start);
      else this.turns.set(client, [start]);
    });
  }

  private release(client: string): void {
    this.active--;
    this.admitted--;
    const left = this.held.get(client)! - 1;
    if (left > 0) this.held.set(client, left);
    else this.held.delete(client);
    this.next();
  }

  private next(): void {
    while (this.active < this.limits.running) {
      const first = this.turns.entries().next();
      if (first.done) return;
      const [client, waiting] = first.value;
      const start = waiting.shift()!;
      // The client goes to the back of the turns, if it still has work waiting.
      this.turns.delete(client);
      if (waiting.length) this.turns.set(client, waiting);
      this.queued--;
      start();
    }
  }
}

/** Why a new computation for a client holding `mine`, with `admitted` in the process, is refused; null: it is not. */
function refusal(limits: HashSlotLimits, mine: number, admitted: number): Refusal | null {
  if (mine >= limits.perClient) return "client";
  if (admitted >= limits.total) return "total";
  return null;
}
