// Event types bots can subscribe to and the envelope, both declared in spec/events/.
import type { components } from "../../../../generated/api.d.ts";
import { EventTypeValues, type EventType } from "../../../../generated/enums.ts";
import { badRequest } from "../../platform/errors.ts";

export { type EventType };

type AnyEvent = components["schemas"]["Events.WebhookEvent"];

/** A domain event for bots: one event type with its own `data`, and the space it happened in. */
export type BotEvent = { [E in AnyEvent as E["type"]]: { type: E["type"]; spaceId: string | null; data: E["data"] } }[EventType];

export function checkEventTypes(events: string[]): EventType[] {
  for (const e of events) if (!(EventTypeValues as readonly string[]).includes(e)) throw badRequest(`unknown event type: ${e}`);
  return [...new Set(events)] as EventType[];
}

/** One delivery body; `type` and `data` arrive paired from a BotEvent. */
export type Envelope = Omit<AnyEvent, "type" | "data"> & Pick<BotEvent, "type" | "data">;

/** Compact UTF-8 JSON; JSON.stringify leaves non-ASCII characters unescaped, as docs/webhooks.md says. */
export const envelopeBody = (e: Envelope): string => JSON.stringify(e);
