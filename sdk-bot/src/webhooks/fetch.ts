// The receiver as a fetch-standard handler, `(request) => Promise<Response>`: what Cloudflare Workers, Deno.serve,
// Bun.serve, Next.js route handlers and Hono take. Handlers run after the answer; where the platform ends the
// request's work with the answer (Workers, Vercel), `waitUntil` keeps them alive until they finish.
import type { WebhookReceiver } from "./receiver.ts";

/** The part of a platform's execution context the handler uses (a Worker's `ctx`, Vercel's `waitUntil`). */
export interface WaitUntilContext {
  /** Keeps the invocation alive until `promise` settles, after the response was sent. */
  waitUntil(promise: Promise<unknown>): void;
}

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** Larger bodies get 413 (receivers must accept at least 100 KB). Default 1 MiB. */
  maxBodyBytes?: number;
}

/** A web-standard request handler; pass the platform's context (a Worker's third `fetch` argument) for `waitUntil`. */
export type FetchHandler = (request: Request, ctx?: WaitUntilContext) => Promise<Response>;

const DEFAULT_MAX_BODY = 1024 * 1024;

const answer = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "application/json" } });

/** The body's bytes, or undefined once it passes `max` (read no further). */
async function readBody(request: Request, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > max) return undefined;
  if (!request.body) return new Uint8Array(0);
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/**
 * A `(request, ctx?) => Promise<Response>` handler around `receiver`, for fetch-standard runtimes.
 *
 * It verifies the signature (400 when it does not match), drops repeated deliveries, answers 200 before the
 * handlers run and passes their completion to `ctx.waitUntil` when a context is given:
 *
 * ```ts
 * const handle = createFetchHandler(new WebhookReceiver({ secret: env.WEBHOOK_SECRET }).on("message.created", onMessage));
 * export default { fetch: (request, env, ctx) => handle(request, ctx) }; // Cloudflare Workers
 * Deno.serve((request) => handle(request)); // Deno; Bun.serve({ fetch: (request) => handle(request) }) likewise
 * ```
 */
export function createFetchHandler(receiver: WebhookReceiver, opts: FetchHandlerOptions = {}): FetchHandler {
  const max = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  return async (request, ctx) => {
    if (request.method !== "POST") return answer(405, JSON.stringify({ detail: "method not allowed" }));
    let body: Uint8Array | undefined;
    try {
      body = await readBody(request, max);
    } catch (err) {
      receiver.reportError(err);
      return answer(400, JSON.stringify({ detail: "could not read the body" }));
    }
    if (!body) return answer(413, JSON.stringify({ detail: "body too large" }));
    const result = await receiver.receive(body, {
      "x-service-signature": request.headers.get("x-service-signature") ?? undefined,
      "x-service-delivery": request.headers.get("x-service-delivery") ?? undefined,
    });
    if (typeof ctx?.waitUntil === "function") ctx.waitUntil(result.handled);
    return answer(result.status, result.body);
  };
}
