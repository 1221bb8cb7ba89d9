// Who hears of an event in a space, held per process so that a send costs no audience query.
// Two halves in the one cache helper, each invalidated by the writes that change it, on every process at once:
//   - per space: its ACTIVE memberships and their allowed channels — dropped by InstallResolver.invalidate,
//     which every membership change (install, patch of scopes/channels/state, uninstall, kick) already calls;
//   - per bot: whether the bot is ACTIVE and its webhooks with their events and suspension — dropped by
//     `botChanged` from the bot (suspend, delete) and webhook (create, patch, delete, auto-suspension) writes.
// Suspension is kept as data (`suspended_until`), so a suspension running out needs no invalidation.
import type { Knex } from "knex";
import { Cache } from "../../platform/cache.ts";
import type { Clock } from "../../platform/clock.ts";
import type { PubSub } from "../../platform/pubsub.ts";
import { activeInstallsOfSpace, webhooksOfBots, type AudienceHook } from "./store.ts";

export type { AudienceHook } from "./store.ts";

interface SpaceMember {
  botUserId: string;
  allowedChannelIds: string[];
}

interface BotHooks {
  active: boolean;
  hooks: AudienceHook[];
}

const GONE: BotHooks = { active: false, hooks: [] };

export interface Listeners {
  /** Bots that see the channel (all ACTIVE bots with an ACTIVE membership when no channel is given). */
  bots: string[];
  /** Their webhooks subscribed to the event type, suspended ones included (they get a `skipped` row). */
  hooks: AudienceHook[];
}

export class Audience {
  private spaces: Cache<SpaceMember[]>;
  private bots: Cache<BotHooks>;

  constructor(
    private db: Knex,
    pubsub: PubSub,
    clock: Clock,
  ) {
    this.spaces = new Cache({ name: "audience-spaces", max: 20_000, ttlMs: 30_000, clock, pubsub });
    this.bots = new Cache({ name: "audience-bots", max: 20_000, ttlMs: 30_000, clock, pubsub });
  }

  async start(): Promise<void> {
    await Promise.all([this.spaces.start(), this.bots.start()]);
  }

  /** After a membership of the space changed (committed, before the answer). */
  spaceChanged(spaceId: string): Promise<void> {
    return this.spaces.invalidate(spaceId);
  }

  /** After the bot's state or any of its webhooks changed (committed, before the answer). */
  botChanged(botUserId: string): Promise<void> {
    return this.bots.invalidate(botUserId);
  }

  /**
   * The bots that may hear of `type` in the space (and `channelId`, when given) and their webhooks for it.
   * The same answer as a query of ACTIVE installs of ACTIVE bots + webhooks' `subscribers`, with no round trip once cached.
   */
  async of(spaceId: string, channelId: string | undefined, type: string): Promise<Listeners> {
    const members = this.spaces.hit(spaceId)?.value ?? (await this.spaces.load(spaceId, () => activeInstallsOfSpace(this.db, spaceId)));
    const seeing = channelId ? members.filter((m) => m.allowedChannelIds.includes(channelId)) : members;
    if (!seeing.length) return { bots: [], hooks: [] };
    const hooksOf = await this.hooksOf(seeing.map((m) => m.botUserId));
    const bots: string[] = [];
    const hooks: AudienceHook[] = [];
    for (const m of seeing) {
      const b = hooksOf.get(m.botUserId)!;
      if (!b.active) continue;
      bots.push(m.botUserId);
      for (const h of b.hooks) if (h.events.includes(type)) hooks.push(h);
    }
    return { bots, hooks };
  }

  /** Cached per bot; the misses of one call in a single query. */
  private async hooksOf(botIds: string[]): Promise<Map<string, BotHooks>> {
    const out = new Map<string, BotHooks>();
    const missing: string[] = [];
    for (const id of botIds) {
      const h = this.bots.hit(id);
      if (h) out.set(id, h.value);
      else missing.push(id);
    }
    if (!missing.length) return out;
    const batch = webhooksOfBots(this.db, missing);
    // Each load takes its generation before the shared query: an invalidation meanwhile keeps it out of the cache.
    await Promise.all(missing.map(async (id) => out.set(id, await this.bots.load(id, async () => (await batch).get(id) ?? GONE))));
    return out;
  }
}
