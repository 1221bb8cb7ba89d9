// `Authorization: Bot <token>` (spec 5, CONTRACT 6): resolves the calling bot once per request,
// through a short in-process cache that rotation and state changes clear on every process at once.
import type { Knex } from "knex";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { HttpError, forbidden, unauthorized } from "../../platform/errors.ts";
import type { PubSub } from "../../platform/pubsub.ts";
import type { Clock } from "../../platform/clock.ts";
import { BOT_TOKEN, hashBotToken } from "./tokens.ts";

export type BotState = "ACTIVE" | "suspended" | "deleted";

export interface BotPrincipal {
  id: string;
  ownerId: string;
  state: BotState;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      bot?: BotPrincipal;
    }
  }
}

const CACHE_MS = 30_000;
const CACHE_MAX = 10_000;
const INVALIDATE = "bots:invalidate";

export class BotAuthenticator {
  // key: token hash (hex). Entries for unknown tokens are not cached, so a new token works at once.
  private cache = new Map<string, { bot: BotPrincipal; until: number }>();
  // Bumped by every invalidation: a lookup that raced one must not put its (maybe stale) row back.
  private generation = 0;

  constructor(private db: Knex, private pubsub: PubSub, private clock: Clock) {}

  async start(): Promise<void> {
    await this.pubsub.subscribe(INVALIDATE, (botId) => this.forget(botId));
  }

  /** Call after a token rotation or a state change; every process drops the bot at once. */
  async invalidate(botId: string): Promise<void> {
    this.forget(botId);
    await this.pubsub.publish(INVALIDATE, botId);
  }

  private forget(botId: string) {
    this.generation++;
    for (const [k, v] of this.cache) if (v.bot.id === botId) this.cache.delete(k);
  }

  /** Resolves a header value to the bot, or throws the exact 401/403 of spec 7.1. */
  async authenticate(header: string | undefined): Promise<BotPrincipal> {
    if (!header || !header.startsWith("Bot ")) throw unauthorized("Bot token required");
    const token = header.slice(4).trim();
    if (!BOT_TOKEN.test(token)) throw unauthorized("invalid bot token");
    const hash = hashBotToken(token);
    const key = hash.toString("hex");
    const now = this.clock.now();
    let bot = this.cache.get(key);
    if (!bot || bot.until <= now) {
      const generation = this.generation;
      const row = await this.db("bots").select("user_id", "owner_id", "state").where({ token_hash: hash }).first();
      if (!row) throw unauthorized("invalid bot token");
      bot = { bot: { id: row.user_id, ownerId: row.owner_id, state: row.state }, until: now + CACHE_MS };
      if (generation === this.generation) {
        if (this.cache.size >= CACHE_MAX) this.cache.clear();
        this.cache.set(key, bot);
      }
    }
    if (bot.bot.state !== "ACTIVE") throw forbidden(`bot is ${bot.bot.state}`);
    return bot.bot;
  }
}

export function botAuth(auth: BotAuthenticator): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    req.bot = await auth.authenticate(req.headers.authorization);
    next();
  };
}

export function currentBot(req: Request): BotPrincipal {
  if (!req.bot) throw new HttpError(500, "bot route mounted without bot authentication");
  return req.bot;
}
