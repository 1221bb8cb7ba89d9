// Successful attempts recorded in batches (group commit): the first result is written at once; results that
// arrive while a write is in flight go together in the next one statement. No timer: at low load a result
// waits for nothing, at high load one round trip records hundreds. Each caller's promise settles only when its
// result is committed, and the job is acknowledged after that, so a crash can lose no result: at worst the
// job runs again and the receiver sees the same delivery id twice (spec 6 rule 2).
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

  constructor(private db: Knex) {}

  record(item: Delivered): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        await recordDelivered(this.db, batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.writing = false;
  }
}
