// Webhook events: the envelope and the `data` of each type, as declared in
// spec/events/ and generated into the contract; here they get friendly names only.
import type { components } from "../api-types.ts";

type S = components["schemas"];

export type { EventType, Scope as ScopeName } from "../../../generated/enums.ts";
export { EventTypeValues as EVENT_TYPES, ScopeValues as SCOPES } from "../../../generated/enums.ts";

/** A typed option value at invocation; `user` and `channel` values are UUID strings. */
export type OptionValue = S["Events.OptionValue"];

/** `command.invoked` data; `O` types `options` (see `command()` and `OptionsOf`). */
export type CommandInvokedData<O extends object = Record<string, OptionValue>> = Omit<S["Events.CommandInvokedData"], "options"> & {
  options: O;
};
/** `message.created` data: a message in a channel the bot can read. */
export type MessageCreatedData = S["Events.MessageCreatedData"];
/** `message.deleted` data. */
export type MessageDeletedData = S["Events.MessageDeletedData"];
/** `reaction.added` data. */
export type ReactionAddedData = S["Events.ReactionAddedData"];
/** `member.joined` data: someone joined a space the bot is in. */
export type MemberJoinedData = S["Events.MemberJoinedData"];
/** `member.left` data. */
export type MemberLeftData = S["Events.MemberLeftData"];
/** `bot.installed` data: the bot was added to a space, with the scopes granted. */
export type BotInstalledData = S["Events.BotInstalledData"];
/** `bot.uninstalled` data. */
export type BotUninstalledData = S["Events.BotUninstalledData"];
/** `voice.joined` data. */
export type VoiceJoinedData = S["Events.VoiceJoinedData"];
/** `webhook.ping` data: sent when the owner pings the webhook. */
export type WebhookPingData = S["Events.WebhookPingData"];

type AnyEvent = S["Events.WebhookEvent"];

/** One delivery; `WebhookEvent<"member.joined">` is that type's event, the bare name any event. */
export type WebhookEvent<T extends AnyEvent["type"] = AnyEvent["type"]> = Extract<AnyEvent, { type: T }>;

/** Each event type's `data`, by type. */
export type EventDataMap = { [E in AnyEvent as E["type"]]: E["data"] };
