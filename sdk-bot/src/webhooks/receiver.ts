// The receiver's core, free of any HTTP framework: verify the signature, de-duplicate on the delivery id,
// acknowledge at once, then dispatch typed events. Handler failures never turn into a non-2xx answer
// (a non-2xx asks for a retry): the server would only retry a delivery whose side effects may already have happened.
import { SignatureVerificationError } from "../errors.ts";
import type { CommandBuilder, OptionsOf } from "../command-builder.ts";
import { Deduplicator, MemoryDeliveryStore, type DeliveryStore, DEFAULT_DEDUPE_TTL_MS } from "./dedupe.ts";
import type { CommandInvokedData, EventType, OptionValue, WebhookEvent } from "./events.ts";
import { verifySignature, type RawBody } from "./signature.ts";

/** Sends the ephemeral reply; `createBot(...).respond` fits. */
export type Responder = (interactionToken: string, content: string) => Promise<void>;

/** Options of {@link WebhookReceiver}. */
export interface ReceiverOptions {
  /** The webhook secret; during a rotation both the new and the old one may be given. */
  secret: string | readonly string[];
  /** Largest distance between the signature's time and now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** Where delivery ids are remembered (default: in memory); `false` turns de-duplication off. */
  dedupe?: DeliveryStore | false;
  /** How long a delivery id is remembered (default 24 h). */
  dedupeTtlMs?: number;
  /** Needed for `ctx.interaction.respond`: a bot client (`createBot(...)`) or its `respond`. */
  bot?: { respond: Responder };
  /** Handler failures and refused requests; the default writes one line without payload to stderr. */
  onError?: (err: unknown, event?: WebhookEvent) => void;
  /** The receiver's clock in Unix seconds (tests). */
  now?: () => number;
}

/** The invocation a `command.invoked` event carries, with the means to answer it. */
export interface Interaction {
  /** The interaction's id. */
  id: string;
  /** The token that authorizes the one reply. */
  token: string;
  /** The ephemeral reply to the invoker, with this event's token. */
  respond(content: string): Promise<void>;
}

/** What every handler gets beside the event. */
export interface HandlerContext {
  /** The `X-Service-Delivery` id (the same on every retry of one delivery). */
  deliveryId: string;
  /** Present for `command.invoked`. */
  interaction?: Interaction;
}

/** The context of a command handler: the interaction is always there. */
export interface CommandContext extends HandlerContext {
  interaction: Interaction;
}

/** A handler of one event type; what it returns or throws never changes the answer to the server. */
export type EventHandler<T extends EventType> = (event: WebhookEvent<T>, ctx: HandlerContext) => unknown;
/** A `command.invoked` event whose options are typed by the command's declaration. */
export type CommandEvent<O extends object> = Omit<WebhookEvent<"command.invoked">, "data"> & { data: CommandInvokedData<O> };
/** A handler of one command, registered with `onCommand`. */
export type CommandHandler<O extends object> = (event: CommandEvent<O>, ctx: CommandContext) => unknown;

/** The answer {@link WebhookReceiver.receive} decided on. */
export interface ReceiveResult {
  /** The HTTP status to answer. */
  status: number;
  /** The JSON body to answer. */
  body: string;
  /** Settles when every handler of the event has finished (errors go to `onError`, never here). */
  handled: Promise<void>;
}

type AnyHandler = (event: WebhookEvent, ctx: HandlerContext) => unknown;

const json = (status: number, body: object, handled: Promise<void> = Promise.resolve()): ReceiveResult => ({
  status,
  body: JSON.stringify(body),
  handled,
});

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

function asEvent(raw: RawBody): WebhookEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object") return undefined;
  const e = parsed as Partial<WebhookEvent>;
  if (typeof e.id !== "string" || typeof e.type !== "string" || !e.data || typeof e.data !== "object") return undefined;
  return e as WebhookEvent;
}

/** The receiver's core, free of any HTTP framework: verifies the signature, drops repeated deliveries, answers at once and then runs the handlers. Put it behind {@link createFetchHandler}, {@link expressWebhook}, or use {@link createWebhookHandler}. */
export class WebhookReceiver {
  private readonly handlers = new Map<string, AnyHandler[]>();
  private readonly anyHandlers: AnyHandler[] = [];
  private readonly dedupe: Deduplicator | undefined;

  constructor(private readonly opts: ReceiverOptions) {
    this.dedupe =
      opts.dedupe === false
        ? undefined
        : new Deduplicator(opts.dedupe ?? new MemoryDeliveryStore(), opts.dedupeTtlMs ?? DEFAULT_DEDUPE_TTL_MS);
  }

  /** Runs `handler` for every event of `type`, with `event.data` typed for it. */
  on<T extends EventType>(type: T, handler: EventHandler<T>): this {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as AnyHandler);
    this.handlers.set(type, list);
    return this;
  }

  /** Every event, whatever its type (also types this SDK does not know yet). */
  onAny(handler: (event: WebhookEvent, ctx: HandlerContext) => unknown): this {
    this.anyHandlers.push(handler);
    return this;
  }

  /** `command.invoked` of one command; with a builder from `command()`, `event.data.options` is typed. */
  onCommand<B extends CommandBuilder<object> | string>(
    command: B,
    handler: CommandHandler<B extends string ? Record<string, OptionValue> : OptionsOf<B>>,
  ): this {
    const name = (typeof command === "string" ? command : command.name).trim().toLowerCase();
    return this.on("command.invoked", (event, ctx) => {
      if (event.data.command === name && ctx.interaction) return handler(event as CommandEvent<never>, ctx as CommandContext);
    });
  }

  /** Handles one request given its raw body and headers; the caller writes `status` and `body`. */
  async receive(rawBody: RawBody, headers: Record<string, string | string[] | undefined>): Promise<ReceiveResult> {
    try {
      await verifySignature(rawBody, header(headers, "x-service-signature"), this.opts.secret, {
        toleranceSeconds: this.opts.toleranceSeconds,
        now: this.opts.now?.(),
      });
    } catch (err) {
      this.report(err);
      return json(400, { detail: err instanceof SignatureVerificationError ? err.message : "invalid signature" });
    }
    const event = asEvent(rawBody);
    if (!event) return json(400, { detail: "body is not a webhook event" });
    const deliveryId = header(headers, "x-service-delivery") ?? event.id;
    try {
      if (this.dedupe && !(await this.dedupe.first(deliveryId))) return json(200, { received: true, duplicate: true });
    } catch (err) {
      // The store is down: ask for a retry rather than risk handling the delivery twice.
      this.report(err, event);
      return json(503, { detail: "delivery store unavailable" });
    }
    return json(200, { received: true }, this.dispatch(event, deliveryId));
  }

  private async dispatch(event: WebhookEvent, deliveryId: string): Promise<void> {
    // Yield to the event loop first, so the answer is written before any handler runs (setTimeout is the
    // one scheduler every runtime has; setImmediate is missing in Workers and browsers).
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    const ctx: HandlerContext = { deliveryId };
    if (event.type === "command.invoked") ctx.interaction = this.interaction(event);
    const list = [...(this.handlers.get(event.type) ?? []), ...this.anyHandlers];
    await Promise.all(
      list.map(async (h) => {
        try {
          await h(event, ctx);
        } catch (err) {
          this.report(err, event);
        }
      }),
    );
  }

  private interaction(event: WebhookEvent<"command.invoked">): Interaction {
    const { interaction_id: id, interaction_token: token } = event.data;
    const bot = this.opts.bot;
    return {
      id,
      token,
      respond: (content) => {
        if (!bot) return Promise.reject(new Error("interaction.respond needs the receiver's `bot` option (createBot(...))"));
        return bot.respond(token, content);
      },
    };
  }

  /** For adapters: a refused request goes where handler failures go. */
  reportError(err: unknown): void {
    this.report(err);
  }

  private report(err: unknown, event?: WebhookEvent): void {
    if (this.opts.onError) return this.opts.onError(err, event);
    const what = event ? `${event.type} ${event.id}` : "webhook request";
    console.error(`[parley sdk-bot] ${what}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
}
