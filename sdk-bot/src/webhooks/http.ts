// Adapters of WebhookReceiver for `node:http` and for Express. The raw body is what gets verified, so Express
// routes must use `express.raw({ type: "application/json" })` (or no body parser at all) before the middleware.
import type { IncomingMessage, ServerResponse } from "node:http";
import { SignatureVerificationError } from "../errors.ts";
import type { CommandBuilder, OptionsOf } from "../command-builder.ts";
import type { EventType, OptionValue, WebhookEvent } from "./events.ts";
import {
  WebhookReceiver,
  type CommandHandler,
  type EventHandler,
  type HandlerContext,
  type ReceiveResult,
  type ReceiverOptions,
} from "./receiver.ts";

/** Options of {@link createWebhookHandler}. */
export interface HttpReceiverOptions extends ReceiverOptions {
  /** Larger bodies get 413 (receivers accept at least 100 KB). */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

class BodyTooLarge extends Error {}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function readBody(req: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    req.on("data", (c: Uint8Array) => {
      size += c.length;
      if (size > max) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLarge());
      } else chunks.push(c);
    });
    req.on("end", () => resolve(concat(chunks, size)));
    req.on("error", reject);
  });
}

function write(res: ServerResponse, r: Pick<ReceiveResult, "status" | "body">): void {
  res.writeHead(r.status, { "Content-Type": "application/json" }).end(r.body);
}

type Listener = (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => Promise<void>;

function listener(receiver: WebhookReceiver, max: number): Listener {
  return async (req, res) => {
    if (req.method !== "POST") return write(res, { status: 405, body: JSON.stringify({ detail: "method not allowed" }) });
    let raw: Uint8Array | string;
    if (req.body instanceof Uint8Array || typeof req.body === "string") raw = req.body;
    else if (req.body !== undefined && req.readableEnded) {
      // A JSON parser already ran: the exact bytes are gone and no signature can be checked.
      const err = new SignatureVerificationError(
        'the request body was already parsed: pass the raw request body (express.raw({ type: "application/json" }))',
      );
      receiver.reportError(err);
      return write(res, { status: 400, body: JSON.stringify({ detail: err.message }) });
    } else {
      try {
        raw = await readBody(req, max);
      } catch (err) {
        return write(
          res,
          err instanceof BodyTooLarge
            ? { status: 413, body: JSON.stringify({ detail: "body too large" }) }
            : { status: 400, body: JSON.stringify({ detail: "could not read the body" }) },
        );
      }
    }
    if (raw.length > max) return write(res, { status: 413, body: JSON.stringify({ detail: "body too large" }) });
    const result = await receiver.receive(raw, req.headers);
    write(res, result);
  };
}

/** A `(req, res)` listener for `node:http` with the receiver's `on`, `onCommand` and `onAny` (each answers the listener again). */
export type WebhookListener = ((req: IncomingMessage, res: ServerResponse) => void) & {
  receiver: WebhookReceiver;
  /** See {@link WebhookReceiver.on}. */
  on<T extends EventType>(type: T, handler: EventHandler<T>): WebhookListener;
  /** See {@link WebhookReceiver.onCommand}. */
  onCommand<B extends CommandBuilder<object> | string>(
    command: B,
    handler: CommandHandler<B extends string ? Record<string, OptionValue> : OptionsOf<B>>,
  ): WebhookListener;
  /** See {@link WebhookReceiver.onAny}. */
  onAny(handler: (event: WebhookEvent, ctx: HandlerContext) => unknown): WebhookListener;
};

/** A `(req, res)` listener for `http.createServer`, with `on(...)` to register handlers. */
export function createWebhookHandler(opts: HttpReceiverOptions): WebhookListener {
  const receiver = new WebhookReceiver(opts);
  const handle = listener(receiver, opts.maxBodyBytes ?? DEFAULT_MAX_BODY);
  const fn = (req: IncomingMessage, res: ServerResponse) => void handle(req, res);
  const self: WebhookListener = Object.assign(fn, {
    receiver,
    on<T extends EventType>(type: T, handler: EventHandler<T>) {
      receiver.on(type, handler);
      return self;
    },
    onCommand<B extends CommandBuilder<object> | string>(
      command: B,
      handler: CommandHandler<B extends string ? Record<string, OptionValue> : OptionsOf<B>>,
    ) {
      receiver.onCommand(command, handler);
      return self;
    },
    onAny(handler: (event: WebhookEvent, ctx: HandlerContext) => unknown) {
      receiver.onAny(handler);
      return self;
    },
  });
  return self;
}

/**
 * Express middleware: `app.post("/hook", express.raw({ type: "application/json" }), expressWebhook(receiver))`.
 * Also works with no body parser in front (it reads the stream itself).
 */
export function expressWebhook(receiver: WebhookReceiver, opts: { maxBodyBytes?: number } = {}) {
  const handle = listener(receiver, opts.maxBodyBytes ?? DEFAULT_MAX_BODY);
  return (req: IncomingMessage & { body?: unknown }, res: ServerResponse, next: (err?: unknown) => void): void => {
    handle(req, res).catch(next);
  };
}
