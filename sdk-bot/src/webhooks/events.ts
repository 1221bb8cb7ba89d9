// Webhook events: the envelope of spec 2.6 and the `data` of each type (spec 2.7, CONTRACT 6). These shapes are
// not in the OpenAPI document (webhooks are not operations there), so they are declared here, field for field.
import type { components } from "../api-types.ts";

export type OptionValue = string | number | boolean;
export type ScopeName = "commands" | "messages.send" | "messages.react" | "messages.delete.own" | "moderation.messages";

export interface CommandInvokedData<O extends object = Record<string, OptionValue>> {
  /** Equals the envelope's `bot_user_id`. */
  target_bot_user_id: string;
  interaction_id: string;
  /** For `respond`; valid 900 s, usable more than once. */
  interaction_token: string;
  channel_id: string;
  /** The invoker, who alone receives the ephemeral reply. */
  actor_user_id: string;
  command: string;
  /** Typed values (spec 2.4); required options present, unknown ones dropped. */
  options: O;
  command_version: number | null;
  created_at: string;
}

export interface MessageCreatedData {
  message_id: string;
  channel_id: string;
  author_id: string | null;
  author_is_bot: boolean;
  content: string | null;
  reply_to: string | null;
  created_at: string;
}

export interface MessageDeletedData {
  message_id: string;
  channel_id: string;
  author_id: string | null;
  deleted_by: string;
}

export interface ReactionAddedData {
  message_id: string;
  channel_id: string;
  emoji: string;
  user_id: string;
}

export interface MemberJoinedData {
  member_id: string;
  user_id: string;
  role: components["schemas"]["SpaceRole"];
  joined_at: string;
}

export interface MemberLeftData {
  member_id: string;
  user_id: string;
  reason: string;
  left_at: string;
}

export interface BotInstalledData {
  space_id: string;
  member_id: string;
  scopes: ScopeName[];
  allowed_channel_ids: string[];
  installed_by: string;
}

export interface BotUninstalledData {
  space_id: string;
  uninstalled_by: string;
}

export interface VoiceJoinedData {
  channel_id: string;
  user_id: string;
  is_bot: boolean;
  room: string;
  joined_at: string;
}

export interface WebhookPingData {
  webhook_id: string;
}

export interface EventDataMap {
  "command.invoked": CommandInvokedData;
  "message.created": MessageCreatedData;
  "message.deleted": MessageDeletedData;
  "reaction.added": ReactionAddedData;
  "member.joined": MemberJoinedData;
  "member.left": MemberLeftData;
  "bot.installed": BotInstalledData;
  "bot.uninstalled": BotUninstalledData;
  "voice.joined": VoiceJoinedData;
  "webhook.ping": WebhookPingData;
}

export type EventType = keyof EventDataMap;
export const EVENT_TYPES = [
  "command.invoked", "message.created", "message.deleted", "reaction.added", "member.joined", "member.left",
  "bot.installed", "bot.uninstalled", "voice.joined", "webhook.ping",
] as const satisfies readonly EventType[];

/** One delivery (spec 2.6). */
export interface WebhookEvent<T extends EventType = EventType> {
  /** The delivery id, equal to `X-Service-Delivery`; the same on every retry. */
  id: string;
  type: T;
  space_id: string | null;
  delivered_at: string;
  bot_user_id: string;
  data: EventDataMap[T];
}
