// The webhook signature (docs/webhooks.md#signature, Stripe's scheme): `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, where each
// hex is HMAC-SHA256 keyed by a whole secret string over `<t>.<raw body>`. During a rotation both the new and
// the old secret sign, new first.
import { createHmac } from "node:crypto";

export function signatureHeader(secrets: string[], unixSeconds: number, body: string): string {
  const signed = `${unixSeconds}.${body}`;
  const entries = secrets.map((s) => `v1=${createHmac("sha256", s).update(signed, "utf8").digest("hex")}`);
  return [`t=${unixSeconds}`, ...entries].join(",");
}
