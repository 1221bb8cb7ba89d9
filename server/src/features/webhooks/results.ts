// Successful attempts recorded in batches (group commit): the first result is written at once; results that
// arrive while a write is in flight go together in the next one statement. No timer by default: at low load a
// result waits for nothing, at high load one round trip records hundreds. With `lingerMs` (the results of
// invocations' first attempts, which nobody waits for: the bot has its request and the row is not due for
// seconds), the first result waits that long for others to join it, so a quiet server writes one statement per
// few results instead of one per result, and not at the moment the bot's reply is being handled. Each caller's promise settles only when its
// result is committed, and the job is acknowledged after that, so a crash can lose no result: at worst the
// job runs again and the receiver sees the same delivery id twice (receivers de-duplicate on it).
import type { Knex } from "knex";
import { recordDelivered, type Delivered } from "./store.ts";

const MAX_BATCH = 500;

interface Waiting {
  item: Delivered;
  resolve(): void;
  reject(err: unknown): void;
}

export class DeliveredBatcher {
  private waiting: Waiting[] = [];
  private writing = false;
  private lingering: NodeJS.Timeout | undefined;

  constructor(
    private db: Knex,
    private lingerMs = 0,
  ) {}

  record(item: Delivered): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.writing) return;
      if (this.lingerMs > 0 && this.waiting.length < MAX_BATCH) {
        this.lingering ??= setTimeout(() => void this.drain(), this.lingerMs);
        return;
      }
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    clearTimeout(this.lingering);
    this.lingering = undefined;
    this.writing = true;
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        await recordDelivered(
          this.db,
          batch.map((w) => w.item),
        );
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.writing = false;
  }
}
