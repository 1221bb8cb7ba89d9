// Interaction tokens (docs/bots.md#interaction-token): base64url(JSON context) + "." + hex HMAC-SHA256 of the base64url
// part, keyed by BOT_TOKEN_SECRET. Stateless: the server keeps no record, and a token is accepted again and
// again until it expires.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

export const TOKEN_TTL_SECONDS = 900;

/** The invocation context the token carries; `iat` and `exp` are Unix seconds. */
export interface InteractionContext {
  iid: string;
  bot: string;
  usr: string;
  sp: string;
  ch: string;
  iat: number;
  exp: number;
}

const SIGNATURE = /^[0-9a-f]{64}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const FIELDS = ["iid", "bot", "usr", "sp", "ch"] as const;

export class InteractionTokens {
  /** The secret's key material, made once: every invoke signs and every respond verifies with it. */
  private key: KeyObject;

  constructor(
    secret: string,
    private now: () => number,
  ) {
    this.key = createSecretKey(Buffer.from(secret, "utf8"));
  }

  private mac(payload: string): Buffer {
    return createHmac("sha256", this.key).update(payload).digest();
  }

  sign(ctx: Omit<InteractionContext, "iat" | "exp">): string {
    const iat = Math.floor(this.now() / 1000);
    const full: InteractionContext = { ...ctx, iat, exp: iat + TOKEN_TTL_SECONDS };
    const payload = Buffer.from(JSON.stringify(full)).toString("base64url");
    return `${payload}.${this.mac(payload).toString("hex")}`;
  }

  /** The context of a well-formed, authentic, unexpired token; null otherwise (one answer for every failure). */
  verify(token: string): InteractionContext | null {
    const dot = token.indexOf(".");
    if (dot <= 0) return null;
    const payload = token.slice(0, dot);
    const sig = token.slice(dot + 1);
    if (!BASE64URL.test(payload) || !SIGNATURE.test(sig)) return null;
    if (!timingSafeEqual(Buffer.from(sig, "hex"), this.mac(payload))) return null;
    let ctx: Partial<InteractionContext>;
    try {
      ctx = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<InteractionContext>;
    } catch {
      return null;
    }
    if (!ctx || typeof ctx !== "object" || FIELDS.some((f) => typeof ctx[f] !== "string")) return null;
    if (typeof ctx.exp !== "number" || typeof ctx.iat !== "number") return null;
    if (Math.floor(this.now() / 1000) >= ctx.exp) return null;
    return ctx as InteractionContext;
  }
}
