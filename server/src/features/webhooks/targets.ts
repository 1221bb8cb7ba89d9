// What an attempt needs of its webhook — URL, opened secrets, suspension — held per process in the one cache
// helper, so a delivery costs no webhook read. Every change to a webhook (URL, events, secret, deletion,
// suspension) invalidates it on every process before the change's answer is sent.
import type { Knex } from "knex";
import { Cache } from "../../platform/cache.ts";
import type { Clock } from "../../platform/clock.ts";
import { open } from "../../platform/crypto.ts";
import type { PubSub } from "../../platform/pubsub.ts";
import * as store from "./store.ts";

export interface WebhookTarget {
  id: string;
  /** Its bot: an automatic suspension also changes the bot's cached audience (installs/audience.ts). */
  botUserId: string;
  /** The account that owns its bot: the unit of delivery fairness (owner-shares.ts). */
  ownerId: string;
  /** `socket`: sent over one of the bot's gateway connections; no URL, no secret (both empty). */
  transport: "http" | "socket";
  url: string;
  secret: string;
  /** The secret before a rotation, signing as well until `previousUntil` (24 h). */
  previous: { secret: string; until: number } | null;
  state: string;
  suspendedUntil: Date | null;
}

export const secretContext = (webhookId: string) => `webhook:${webhookId}`;

export class WebhookTargets {
  private cache: Cache<WebhookTarget | undefined>;

  constructor(
    private db: Knex,
    private dataKey: Buffer,
    clock: Clock,
    pubsub: PubSub,
  ) {
    this.cache = new Cache({ name: "webhook-targets", max: 20_000, ttlMs: 60_000, clock, pubsub });
  }

  start(): Promise<void> {
    return this.cache.start();
  }

  get(id: string): Promise<WebhookTarget | undefined> {
    const h = this.cache.hit(id);
    return h ? Promise.resolve(h.value) : this.cache.load(id, () => this.read(id));
  }

  /** The target if this process has it cached (no read). */
  peek(id: string): WebhookTarget | undefined {
    return this.cache.hit(id)?.value;
  }

  invalidate(id: string): Promise<void> {
    return this.cache.invalidate(id);
  }

  private async read(id: string): Promise<WebhookTarget | undefined> {
    const w = await store.webhookTarget(this.db, id);
    if (!w) return undefined;
    const ctx = secretContext(w.id);
    return {
      id: w.id,
      botUserId: w.bot_user_id,
      ownerId: w.owner_id ?? w.bot_user_id,
      transport: w.transport,
      url: w.url ?? "",
      secret: w.secret_enc ? open(this.dataKey, w.secret_enc, ctx) : "",
      previous:
        w.previous_secret_enc && w.previous_until
          ? { secret: open(this.dataKey, w.previous_secret_enc, ctx), until: w.previous_until.getTime() }
          : null,
      state: w.state,
      suspendedUntil: w.suspended_until,
    };
  }
}
