// Successful attempts recorded in batches (group commit): the first result is written at once; results that
// arrive while a write is in flight go together in the next one statement. No timer by default: at low load a
// result waits for nothing, at high load one round trip records hundreds. With `lingerMs` (the results of
// invocations' first attempts, which nobody waits for: the bot has its request and the row is not due for
// seconds), the first result waits that long for others to join it, so a quiet server writes one statement per
// few results instead of one per result, and not at the moment the bot's reply is being handled. Each caller's promise settles only when its
// result is committed, and the job is acknowledged after that, so a crash can lose no result: at worst the
// job runs again and the receiver sees the same delivery id twice (receivers de-duplicate on it).
import type { Knex } from "knex";
import { InFlightBatcher } from "../../platform/batcher.ts";
import { recordDelivered, type Delivered } from "./store.ts";

const MAX_BATCH = 500;

export class DeliveredBatcher {
  private batcher: InFlightBatcher<Delivered, void>;

  constructor(db: Knex, lingerMs = 0) {
    this.batcher = new InFlightBatcher(
      async (batch) => {
        await recordDelivered(db, batch);
        return [];
      },
      { maxInFlight: 1, maxBatch: MAX_BATCH, turn: "now", lingerMs },
    );
  }

  /** Settles once `item` is committed. */
  record(item: Delivered): Promise<void> {
    return this.batcher.load(item);
  }
}
