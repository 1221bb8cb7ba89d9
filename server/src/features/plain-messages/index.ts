// Plain-text messages: those a bot posts through the bot API and those the server writes (service messages), with
// what they cause (outbox deliveries to bots, realtime frames). User messages are end-to-end encrypted and live in
// `messages/`; this feature never sees them.
export { ChannelEvents } from "./channel-events.ts";
export { BotMessagesService } from "./service.ts";
export { botMessageRoutes } from "./routes.ts";
export { writeServiceMessages } from "./service-messages.ts";
