// The invocation chain (docs/webhooks.md#privacy): a user invokes, `command.invoked` goes to the target bot only,
// the bot responds, the reply reaches the invoker's realtime connections only. Option values and reply content
// pass through memory and the webhook outbox (see webhooks/privacy.ts), never a table, the audit log or a log line.
import { LRUCache } from "lru-cache";
import type { Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { HttpError, TooManyRequests, forbidden } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import type { BotEvent, PreparedDeliveries, WebhookDispatcher } from "../webhooks/index.ts";
import type { InstallResolver } from "../installs/index.ts";
import type { BotPrincipal } from "../bots/index.ts";
import type { PendingLimit } from "../ratelimits/index.ts";
import { normalizeName, type CommandOption } from "../commands/index.ts";
import { InvokeRefused, checkInvocation, validateInvocation, type InvokeResult, type TypedOptions } from "./rules.ts";
import { catalog, invocationFacts, isMember, type InvocationFacts } from "./store.ts";
import type { InteractionTokens } from "./token.ts";
import type { InteractionMetrics } from "./metrics.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
export interface InvokeBody {
  bot_user_id: string;
  command: string;
  options?: Record<string, unknown>;
}

export interface InteractionDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  dispatcher: WebhookDispatcher;
  realtime: RealtimePublisher;
  installs: InstallResolver;
  tokens: InteractionTokens;
  metrics: InteractionMetrics;
  /**
   * The (user, bot) limit (ratelimits; it also counts `rate_limit_rejections_total`), counted at once and
   * answered (its 429) or taken back after the other checks.
   */
  countInvoke: (userId: string, botId: string) => PendingLimit;
  /**
   * The bot-wide limit for this reply (ratelimits, which leaves it to respond: its middleware skips the
   * route); throws its 429.
   */
  respondLimit: (botId: string) => Promise<void>;
}

/** Respond when the invoker has left the space since the invocation. */
const INVOKER_LEFT = "invoker is no longer a member of this space";

/** Commands whose invocations build their deliveries before the read (checkedInvoke), at most. */
const KNOWN_MAX = 10_000;

interface KnownCommand {
  options: CommandOption[];
  /** `options` as JSON text, compared with the row's by the statement. */
  optionsJson: string;
  version: number;
  hooksSig: string;
  hooks: InvocationFacts["hooks"];
}

/** The typed options, or undefined when they fail (the checked path finds out why, in the documented order). */
function tryValidate(declared: readonly CommandOption[], raw: Record<string, unknown> | undefined): TypedOptions | undefined {
  try {
    return validateInvocation(declared, raw);
  } catch {
    return undefined;
  }
}

export class InteractionsService {
  /** By `<bot id> <command name>`; the least recently used go first. */
  private known = new LRUCache<string, KnownCommand>({ max: KNOWN_MAX });

  constructor(private d: InteractionDeps) {}

  async catalog(userId: string, spaceId: string, channelId: string): Promise<S["Interactions.CommandCatalog"]> {
    const rows = await catalog(this.d.db, { userId, spaceId, channelId });
    if (!rows) throw new HttpError(404, "space not found");
    return { commands: rows };
  }

  async invoke(userId: string, spaceId: string, channelId: string, body: InvokeBody): Promise<S["Interactions.InvokeResponse"]> {
    const started = performance.now();
    let result: InvokeResult = "ok";
    try {
      return await this.checkedInvoke(userId, spaceId, channelId, body);
    } catch (err) {
      result = err instanceof InvokeRefused ? err.result : "error";
      throw err;
    } finally {
      this.d.metrics.invocations.inc({ result });
      this.d.metrics.invokeDuration.observe({ result }, (performance.now() - started) / 1000);
    }
  }

  private async checkedInvoke(userId: string, spaceId: string, channelId: string, body: InvokeBody) {
    const botId = body.bot_user_id.toLowerCase();
    const name = normalizeName(body.command);
    // The limit is counted while the facts are read, and answered after every other check (the documented order).
    const limit = this.d.countInvoke(userId, botId);
    const now = this.d.clock.now();
    const q = { userId, spaceId, channelId, botId, command: name, now };
    // With what an earlier invocation of this command read, the deliveries are built before the facts are read and
    // written in the same statement, which writes them only if every check passes on what it reads and that is
    // still exactly what they were built from (store.ts). Only once the limit is known to allow it: a 202 is
    // answered as soon as they are written. Anything else takes the checked path below.
    const known = this.known.get(`${botId} ${name}`);
    let fast: { interactionId: string; prepared: PreparedDeliveries } | undefined;
    if (known) {
      const options = tryValidate(known.options, body.options);
      if (options) {
        // Built while the limiter's answer is on its way (signing and sealing take a while); dropped if it refuses.
        const interactionId = newId();
        const prepared = this.d.dispatcher.prepareNow(this.event(interactionId, q, known.version, options), known.hooks);
        if (await limit.allowed()) fast = { interactionId, prepared };
      }
    }
    let command, options, facts, written;
    try {
      const expected = fast && {
        version: known!.version,
        optionsJson: known!.optionsJson,
        hooksSig: known!.hooksSig,
        rows: fast.prepared.rows,
      };
      ({ facts, written } = await invocationFacts(this.d.db, q, expected));
      command = checkInvocation(facts, now);
      if (!written) {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: an auto-typed let assigned in the try
        this.remember(botId, name, facts!);
        options = validateInvocation(command.options, body.options);
      }
    } catch (err) {
      // A refusal by a check wrote nothing, and costs no try. Any other failure keeps the try: the statement may
      // have committed its deliveries before the failure reached us (a lost connection), and a retry that follows
      // must not get another one for free.
      if (err instanceof HttpError) await limit.cancel();
      throw err instanceof HttpError && !(err instanceof InvokeRefused) ? new InvokeRefused("invalid_options", err) : err;
    }
    if (written) {
      const deliveries = await this.d.dispatcher.startPrepared(fast!.prepared);
      this.d.log.debug(
        { interactionId: fast!.interactionId, botId, userId, spaceId, channelId, deliveries: deliveries.length },
        "command invoked",
      );
      return { interaction_id: fast!.interactionId };
    }
    await this.limit(limit);

    const interactionId = newId();
    // The target bot alone is the audience, whoever else in the channel subscribes to command.invoked. Its first
    // attempt is made in this process as soon as the outbox row is committed and the 202 is on its way: no queue
    // pick-up on the way to the bot.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs both: auto-typed lets assigned in the try
    const deliveries = await this.d.dispatcher.publishNow(this.event(interactionId, q, command.version, options!), facts!.hooks);
    this.d.log.debug({ interactionId, botId, userId, spaceId, channelId, deliveries: deliveries.length }, "command invoked");
    return { interaction_id: interactionId };
  }

  /** `command.invoked` for the target bot, with a fresh interaction token. */
  private event(
    interactionId: string,
    q: { userId: string; spaceId: string; channelId: string; botId: string; command: string; now: number },
    version: number,
    options: TypedOptions,
  ): BotEvent {
    const token = this.d.tokens.sign({ iid: interactionId, bot: q.botId, usr: q.userId, sp: q.spaceId, ch: q.channelId });
    return {
      type: "command.invoked",
      spaceId: q.spaceId,
      data: {
        target_bot_user_id: q.botId,
        interaction_id: interactionId,
        interaction_token: token,
        channel_id: q.channelId,
        actor_user_id: q.userId,
        command: q.command,
        options,
        command_version: version,
        created_at: new Date(q.now).toISOString(),
      },
    };
  }

  /**
   * What the next invocation of this command builds its deliveries from (checked again by the statement that
   * writes them, so it is never trusted: a stale entry only costs the checked path). Kept only while every
   * subscribed webhook is active: a suspended one's row is written differently (skipped).
   */
  private remember(botId: string, name: string, facts: InvocationFacts): void {
    const key = `${botId} ${name}`;
    const c = facts.command!;
    this.known.delete(key);
    if (!facts.hooks.every((h) => h.state === "active")) return;
    this.known.set(key, {
      options: c.options,
      optionsJson: JSON.stringify(c.options),
      version: c.version,
      hooksSig: facts.hooksSig,
      hooks: facts.hooks,
    });
  }

  /** The 429 passes through unchanged; only its metric class is added, from its type. */
  private async limit(pending: PendingLimit): Promise<void> {
    try {
      await pending.answer();
    } catch (err) {
      if (!(err instanceof TooManyRequests)) throw err;
      throw new InvokeRefused(err.limiterDown ? "limiter_unavailable" : "rate_limited", err);
    }
  }

  /** Verifies the token, then sends the reply to every realtime connection of the invoker, and no one else. */
  async respond(bot: BotPrincipal, body: { interaction_token: string; content: string }): Promise<void> {
    // The bot-wide limit is counted for every reply and answers before anything else, as for any bot call; the
    // membership re-check below goes out at the same time (one round trip instead of two in a row).
    const limited = this.d.respondLimit(bot.id);
    const ctx = this.d.tokens.verify(body.interaction_token);
    const member = ctx && ctx.bot === bot.id ? isMember(this.d.db, ctx.sp, ctx.usr) : undefined;
    member?.catch(() => {}); // awaited below, unless something else answers first
    await limited;
    if (!ctx) {
      this.d.metrics.responses.inc({ result: "invalid" });
      throw forbidden("invalid or expired interaction");
    }
    if (ctx.bot !== bot.id) {
      this.d.metrics.responses.inc({ result: "wrong_bot" });
      throw forbidden("interaction does not belong to this bot");
    }
    // Re-checked at reply time, not taken from the token (valid 15 min): a bot whose membership was suspended,
    // revoked, stripped of `commands` or of the invocation's channel since the invocation speaks no more there, and
    // a reply never reaches someone who has left the space. The bot's answer is looked at first.
    await this.d.installs.resolveBotInSpace(bot, ctx.sp, { scope: "commands", channelId: ctx.ch });
    if (!(await member!)) {
      this.d.metrics.responses.inc({ result: "invoker_left" });
      throw forbidden(INVOKER_LEFT);
    }
    await this.d.realtime.replyToUser(ctx.usr, {
      type: "interaction:response",
      interaction_id: ctx.iid,
      channel_id: ctx.ch,
      space_id: ctx.sp,
      bot_user_id: ctx.bot,
      content: body.content,
      ephemeral: true,
      is_bot: true,
    });
    this.d.metrics.responses.inc({ result: "ok" });
    this.d.log.debug({ interactionId: ctx.iid, botId: ctx.bot }, "interaction answered");
  }
}
