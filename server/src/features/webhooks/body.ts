// Delivery bodies at rest: a pending body is sealed with DATA_KEY, bound to its delivery id, so the
// outbox never holds an invocation's option values or live interaction token in clear. A finished body is the
// redacted plain text of privacy.ts. Rows written before sealing began hold plain JSON; both read back here.
import { open, seal } from "../../platform/crypto.ts";

const context = (deliveryId: string) => `delivery:${deliveryId}`;

export const sealBody = (key: Buffer, deliveryId: string, body: string): string => seal(key, body, context(deliveryId));

/** The plain body of a stored (sealed or plain JSON) body. */
export const openBody = (key: Buffer, deliveryId: string, stored: string): string =>
  stored.startsWith("{") ? stored : open(key, stored, context(deliveryId));
