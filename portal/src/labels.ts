// Plain-language lines the portal shows beside the contract's enums. The values and their order come from the
// contract (generated/enums.ts through sdk-client); a `Record` keyed by each enum makes a new value a type error
// here until it has its line.
import { EventTypeValues, ScopeValues, type EventType, type Scope } from "@parley/sdk-client";

const SCOPE_LINES: Record<Scope, string> = {
  commands: "Offer its slash commands here and receive them when someone uses one.",
  "messages.send": "Post messages in the channels you allow.",
  "messages.react": "Add emoji reactions to messages in those channels.",
  "messages.delete.own": "Delete messages it posted itself.",
  "moderation.messages": "Delete other people's messages in those channels (moderation).",
};

const EVENT_LINES: Record<EventType, string> = {
  "command.invoked": "a user invokes one of its commands",
  "message.created": "a bot or service message is posted in an allowed channel",
  "message.deleted": "such a message is deleted",
  "reaction.added": "a reaction is added to such a message",
  "member.joined": "someone joins a space it is in",
  "member.left": "someone leaves a space it is in",
  "bot.installed": "it is installed in a space",
  "bot.uninstalled": "it is removed from a space",
  "voice.joined": "someone joins a voice channel",
  "webhook.ping": "you press Ping",
};

/** The install scopes, each with the line the install form shows. */
export const SCOPES = ScopeValues.map((scope) => [scope, SCOPE_LINES[scope]] as const);

/** The webhook event types, each with the line the webhook form shows. */
export const EVENT_TYPES = EventTypeValues.map((type) => [type, EVENT_LINES[type]] as const);
