// Per-request resolution of (bot, membership, scopes, allowed channels) for the bot API (docs/bots.md#authentication).
// One primary-key lookup behind a short in-process cache; every install change clears the entry on
// every process at once through pub/sub, like BotAuthenticator does for tokens.
import type { Knex } from "knex";
import type { PubSub } from "../../platform/pubsub.ts";
import type { Clock } from "../../platform/clock.ts";
import type { BotPrincipal } from "../bots/index.ts";
import { requireAccess, type Install, type Need } from "./rules.ts";
import { findInstall } from "./store.ts";
import { Cache } from "../../platform/cache.ts";
import type { Audience } from "./audience.ts";

const keyOf = (botUserId: string, spaceId: string) => `${botUserId}:${spaceId}`;

/** What a bot-API handler gets back: the bot and its membership, loaded once for the request. */
export interface BotInSpace {
  bot: BotPrincipal;
  install: Install;
}

export class InstallResolver {
  /** Absent memberships are kept too (as undefined): a stranger's ids cost one query per 30 s, not per request. */
  private cache: Cache<Install | undefined>;

  /** `audience`: its space half changes with every membership, so it is dropped with the membership. */
  constructor(
    private db: Knex,
    pubsub: PubSub,
    clock: Clock,
    private audience?: Audience,
  ) {
    this.cache = new Cache({ name: "installs", max: 20_000, ttlMs: 30_000, clock, pubsub });
  }

  async start(): Promise<void> {
    await this.cache.start();
  }

  /** Call after any change of a membership; every process drops it at once. */
  async invalidate(botUserId: string, spaceId: string): Promise<void> {
    await Promise.all([this.cache.invalidate(keyOf(botUserId, spaceId)), this.audience?.spaceChanged(spaceId)]);
  }

  /** The membership of (bot, space) in whatever state, or undefined; cached. For the invocation checks (docs/bots.md#invocations). */
  async lookup(botUserId: string, spaceId: string): Promise<Install | undefined> {
    const key = keyOf(botUserId, spaceId);
    const hit = this.cache.hit(key);
    return hit ? hit.value : this.cache.load(key, () => findInstall(this.db, botUserId, spaceId));
  }

  /**
   * The bot's membership in the space, checked against `need`; throws the exact texts:
   * 404 `bot not found in this space`, 403 `bot is suspended` / `bot is revoked`,
   * 403 `bot has no access to this channel`, 403 `missing scope: <scope>`.
   * Further checks in the same request go through `requireAccess(result.install, need)` without reloading.
   */
  async resolveBotInSpace(bot: BotPrincipal, spaceId: string, need: Need = {}): Promise<BotInSpace> {
    const install = requireAccess(await this.lookup(bot.id, spaceId), need);
    return { bot, install };
  }
}
