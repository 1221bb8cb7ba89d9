// Verifying and producing `X-Service-Signature` (CONTRACT 7, Stripe's scheme): `t=<unix s>,v1=<hex>[,v1=<hex>…]`,
// each hex an HMAC-SHA256 keyed by the whole secret over `<t>.<raw body bytes>`. Several v1 entries appear
// while a secret rotates; any one matching is enough.
import { createHmac, timingSafeEqual } from "node:crypto";
import { SignatureVerificationError } from "../errors.ts";

export const SIGNATURE_HEADER = "x-service-signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type RawBody = string | Uint8Array;

export interface VerifyOptions {
  /** Largest allowed distance between `t` and now, either way. */
  toleranceSeconds?: number;
  /** The receiver's clock, as Unix seconds or a Date (defaults to the system clock). */
  now?: number | Date;
}

const HEX64 = /^[0-9a-f]{64}$/;

function bodyBytes(rawBody: unknown): Buffer {
  if (typeof rawBody === "string") return Buffer.from(rawBody, "utf8");
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  throw new SignatureVerificationError(
    "webhook body must be the raw request body (a string or Buffer), not a parsed object: pass the raw request body " +
      'exactly as received (with Express use express.raw({ type: "application/json" }) on the webhook route)',
  );
}

const nowSeconds = (now: number | Date | undefined) =>
  now === undefined ? Date.now() / 1000 : now instanceof Date ? now.getTime() / 1000 : now;

function hmacHex(secret: string, t: string, body: Buffer): string {
  return createHmac("sha256", secret).update(`${t}.`, "utf8").update(body).digest("hex");
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
 * Throws SignatureVerificationError unless one `v1` entry of `header` signs `rawBody` with one of `secret`
 * and `t` lies within the tolerance. Returns the header's timestamp (Unix seconds).
 */
export function verifySignature(
  rawBody: RawBody,
  header: string | null | undefined,
  secret: string | readonly string[],
  opts: VerifyOptions = {},
): number {
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
    const expected = Buffer.from(hmacHex(s, t, body), "utf8");
    // Every entry is compared, so the time taken says nothing about which one matched.
    for (const sig of signatures) if (HEX64.test(sig) && timingSafeEqual(expected, Buffer.from(sig, "utf8"))) matched = true;
  }
  if (!matched)
    throw new SignatureVerificationError(
      "no signature matches the payload: wrong secret, or the body was changed (pass the raw request body)",
    );
  return Number(t);
}

export interface SignOptions {
  /** Unix seconds; defaults to now. */
  timestamp?: number;
}

/** The header the server would send for `body` — for bot authors' tests. Several secrets give several v1 entries. */
export function signPayload(body: RawBody, secret: string | readonly string[], opts: SignOptions = {}): string {
  const t = String(Math.floor(opts.timestamp ?? Date.now() / 1000));
  const bytes = bodyBytes(body);
  const secrets = typeof secret === "string" ? [secret] : secret;
  return [`t=${t}`, ...secrets.map((s) => `v1=${hmacHex(s, t, bytes)}`)].join(",");
}
