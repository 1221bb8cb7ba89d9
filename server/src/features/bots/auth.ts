// `Authorization: Bot <token>` (docs/bots.md#authentication): resolves the calling bot once per request,
// through a short in-process cache that rotation and state changes clear on every process at once.
import type { Knex } from "knex";
import type { Request, RequestHandler } from "express";
import { HttpError, forbidden, unauthorized } from "../../platform/errors.ts";
import type { PubSub } from "../../platform/pubsub.ts";
import type { Clock } from "../../platform/clock.ts";
import { Cache } from "../../platform/cache.ts";
import { authenticated } from "../../platform/http/authenticated.ts";
import { sha256Hex } from "../../platform/crypto.ts";
import { BOT_TOKEN } from "./tokens.ts";
import { botByTokenHash, type BotPrincipal } from "./store.ts";

// The principal's types live in store.ts beside the query that builds them (no store ↔ auth import cycle).
export type { BotPrincipal } from "./store.ts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augmenting Express.Request is done through its global namespace
  namespace Express {
    interface Request {
      bot?: BotPrincipal;
    }
  }
}

const BOTS_CACHE = "bots";

export class BotAuthenticator {
  /** Token hash (hex) → the bot. Unknown tokens are not kept, so a new token works at once. */
  private cache: Cache<BotPrincipal | undefined>;

  constructor(
    private db: Knex,
    private pubsub: PubSub,
    clock: Clock,
  ) {
    this.cache = new Cache({
      name: BOTS_CACHE,
      max: 10_000,
      ttlMs: 30_000,
      clock,
      pubsub,
      keep: (b) => b !== undefined,
      tagOf: (b) => b!.id,
    });
  }

  async start(): Promise<void> {
    await this.cache.start();
  }

  /** Call after a token rotation or a state change; every process drops the bot at once. */
  async invalidate(botId: string): Promise<void> {
    await this.cache.invalidate(botId);
  }

  /**
   * Calls `handler` with the ids of bots whose token or state changed, on any process (the cache's own
   * invalidations, so it is told after the change has committed). Returns the unsubscribe.
   */
  onChanged(handler: (botIds: string[]) => void): Promise<() => Promise<void>> {
    return this.pubsub.subscribe(`cache:${BOTS_CACHE}`, (message) => handler(JSON.parse(message) as string[]));
  }

  /** The bot of a token hash (hex) as the database has it now, past the cache. */
  async current(tokenHashHex: string): Promise<BotPrincipal | undefined> {
    return botByTokenHash(this.db, Buffer.from(tokenHashHex, "hex"));
  }

  /**
   * Resolves a header value to the bot, or throws the exact 401/403 of docs/bots.md; answered in the calling turn
   * when the bot is cached (no promise, no microtask hop).
   */
  authenticateNow(header: string | undefined): BotPrincipal | Promise<BotPrincipal> {
    if (!header || !header.startsWith("Bot ")) throw unauthorized("Bot token required");
    const token = header.slice(4).trim();
    if (!BOT_TOKEN.test(token)) throw unauthorized("invalid bot token");
    const key = sha256Hex(token);
    const hit = this.cache.hit(key);
    return hit ? usable(hit.value) : this.cache.load(key, () => botByTokenHash(this.db, Buffer.from(key, "hex"))).then(usable);
  }
}

function usable(bot: BotPrincipal | undefined): BotPrincipal {
  if (!bot) throw unauthorized("invalid bot token");
  if (bot.state !== "ACTIVE") throw forbidden(`bot is ${bot.state}`);
  return bot;
}

export function botAuth(auth: BotAuthenticator): RequestHandler {
  return authenticated(
    (header) => auth.authenticateNow(header),
    (req, bot) => (req.bot = bot),
  );
}

/** The bot `botAuth` found; takes any request, typed by the contract or not. */
export function currentBot(req: Pick<Request, "bot">): BotPrincipal {
  if (!req.bot) throw new HttpError(500, "bot route mounted without bot authentication");
  return req.bot;
}
