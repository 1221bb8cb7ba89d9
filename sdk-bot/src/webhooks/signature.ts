// Verifying and producing `X-Service-Signature` (Stripe's scheme): `t=<unix s>,v1=<hex>[,v1=<hex>…]`,
// each hex an HMAC-SHA256 keyed by the whole secret over `<t>.<raw body bytes>`. Several v1 entries appear
// while a secret rotates; any one matching is enough. Web Crypto only (no node:crypto, no Buffer), so the same
// code runs in Node, Bun, Deno, Cloudflare Workers and browsers.
import { SignatureVerificationError } from "../errors.ts";

/** The request header that carries the signature (lower case, as Node and `Headers` give it). */
export const SIGNATURE_HEADER = "x-service-signature";
/** Largest distance in seconds, either way, between the signature's `t` and the receiver's clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The request body exactly as received: a string, or its bytes (a `Buffer` is a `Uint8Array`). */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** Options of {@link verifySignature}. */
export interface VerifyOptions {
  /** Largest allowed distance between `t` and now, either way. */
  toleranceSeconds?: number;
  /** The receiver's clock, as Unix seconds or a Date (defaults to the system clock). */
  now?: number | Date;
}

const HEX64 = /^[0-9a-f]{64}$/;
const utf8 = new TextEncoder();

function bodyBytes(rawBody: unknown): Uint8Array {
  if (typeof rawBody === "string") return utf8.encode(rawBody);
  if (rawBody instanceof Uint8Array) return rawBody;
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  throw new SignatureVerificationError(
    "webhook body must be the raw request body (a string or Buffer), not a parsed object: pass the raw request body " +
      'exactly as received (with Express use express.raw({ type: "application/json" }) on the webhook route)',
  );
}

const nowSeconds = (now: number | Date | undefined) =>
  now === undefined ? Date.now() / 1000 : now instanceof Date ? now.getTime() / 1000 : now;

function subtle(): typeof globalThis.crypto.subtle {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("Web Crypto (globalThis.crypto.subtle) is not available in this runtime");
  return s;
}

/** HMAC-SHA256 of `<t>.<body>` keyed by `secret`. */
async function hmac(secret: string, t: string, body: Uint8Array): Promise<Uint8Array> {
  const key = await subtle().importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const prefix = utf8.encode(`${t}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  return new Uint8Array(await subtle().sign("HMAC", key, message));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** Equal-length strings compared in time that depends on the length only, never on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function parseHeader(header: unknown): { t: string; signatures: string[] } {
  if (typeof header !== "string" || header.length === 0) throw new SignatureVerificationError("missing X-Service-Signature header");
  let t: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) throw new SignatureVerificationError("bad X-Service-Signature format: expected t=<unix seconds>,v1=<hex>");
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === "t") t = value;
    else if (key === "v1") signatures.push(value);
    // Other schemes (a future v2) are ignored, as Stripe's verifiers do.
  }
  if (t === undefined || !/^\d{1,15}$/.test(t))
    throw new SignatureVerificationError("bad X-Service-Signature format: missing or non-numeric t=");
  if (!signatures.length) throw new SignatureVerificationError("bad X-Service-Signature format: no v1= signature");
  return { t, signatures };
}

/**
 * Checks an `X-Service-Signature` header against the raw request body.
 *
 * Rejects with {@link SignatureVerificationError} unless one `v1` entry of `header` signs `rawBody` with one of
 * `secret` and `t` lies within the tolerance. Resolves to the header's timestamp (Unix seconds).
 *
 * @param rawBody - the body exactly as received (not a parsed object)
 * @param header - the `X-Service-Signature` header
 * @param secret - the webhook secret; during a rotation, the new and the old one
 */
export async function verifySignature(
  rawBody: RawBody,
  header: string | null | undefined,
  secret: string | readonly string[],
  opts: VerifyOptions = {},
): Promise<number> {
  const body = bodyBytes(rawBody);
  const { t, signatures } = parseHeader(header);
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const skew = nowSeconds(opts.now) - Number(t);
  if (skew > tolerance) throw new SignatureVerificationError(`timestamp too old: t=${t} is more than ${tolerance} s in the past`);
  if (-skew > tolerance) throw new SignatureVerificationError(`timestamp in the future: t=${t} is more than ${tolerance} s ahead`);
  const secrets = typeof secret === "string" ? [secret] : secret;
  if (!secrets.length || secrets.some((s) => !s)) throw new SignatureVerificationError("no webhook secret given");
  let matched = false;
  for (const s of secrets) {
    const expected = toHex(await hmac(s, t, body));
    // Every entry is compared, so the time taken says nothing about which one matched.
    for (const sig of signatures) if (HEX64.test(sig) && constantTimeEqual(expected, sig)) matched = true;
  }
  if (!matched)
    throw new SignatureVerificationError(
      "no signature matches the payload: wrong secret, or the body was changed (pass the raw request body)",
    );
  return Number(t);
}

/** Options of {@link signPayload}. */
export interface SignOptions {
  /** Unix seconds; defaults to now. */
  timestamp?: number;
}

/**
 * The header the server would send for `body`, for bot authors' tests. Several secrets give several `v1` entries.
 */
export async function signPayload(body: RawBody, secret: string | readonly string[], opts: SignOptions = {}): Promise<string> {
  const t = String(Math.floor(opts.timestamp ?? Date.now() / 1000));
  const bytes = bodyBytes(body);
  const secrets = typeof secret === "string" ? [secret] : secret;
  const entries = await Promise.all(secrets.map(async (s) => `v1=${toHex(await hmac(s, t, bytes))}`));
  return [`t=${t}`, ...entries].join(",");
}
