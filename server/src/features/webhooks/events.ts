// Event types bots can subscribe to (CONTRACT 6) and the envelope of spec 2.6.
import { badRequest } from "../../platform/errors.ts";

export const EVENT_TYPES = [
  "command.invoked", "message.created", "message.deleted", "reaction.added", "member.joined", "member.left",
  "bot.installed", "bot.uninstalled", "voice.joined", "webhook.ping",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function checkEventTypes(events: string[]): EventType[] {
  for (const e of events) if (!(EVENT_TYPES as readonly string[]).includes(e)) throw badRequest(`unknown event type: ${e}`);
  return [...new Set(events)] as EventType[];
}

export interface Envelope {
  id: string;
  type: EventType;
  space_id: string | null;
  delivered_at: string;
  bot_user_id: string;
  data: Record<string, unknown>;
}

/** Compact UTF-8 JSON; JSON.stringify leaves non-ASCII characters unescaped, as spec 6 asks. */
export const envelopeBody = (e: Envelope): string => JSON.stringify(e);
