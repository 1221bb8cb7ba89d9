// @parley/sdk-bot: the bot API client (with the 429 retry conduct), command declarations with local checks, and
// webhook verification, de-duplication and receivers.
export {
  createBot,
  type Bot,
  type BotOptions,
  type CallOptions,
  type SyncResult,
  type ListMessagesQuery,
  type MessageResponse,
  type VoiceJoinResponse,
  type SendMessageRequest,
} from "./client.ts";
export { conductFetch, MAX_ATTEMPTS, DEFAULT_RETRY_DELAY_MS, type FetchLike } from "./conduct-fetch.ts";
export { parseRetryAfter } from "./retry-after.ts";
export { ApiError, RateLimitError, SignatureVerificationError, CommandValidationError, type ValidationIssue } from "./errors.ts";
export {
  normalizeCommand,
  normalizeRegistry,
  sameRegistry,
  LIMITS,
  OPTION_TYPES,
  type CommandDeclaration,
  type CommandOptionDeclaration,
  type CommandResponse,
  type CommandOption,
  type OptionType,
  type NormalizedCommand,
} from "./command-rules.ts";
export { command, CommandBuilder, type OptionsOf, type CommandInput, type OptionValueTypes } from "./command-builder.ts";
export {
  verifySignature,
  signPayload,
  SIGNATURE_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
  type VerifyOptions,
  type SignOptions,
  type RawBody,
} from "./webhooks/signature.ts";
export {
  Deduplicator,
  MemoryDeliveryStore,
  RedisDeliveryStore,
  DEFAULT_DEDUPE_TTL_MS,
  type DeliveryStore,
  type RedisLike,
  type MemoryStoreOptions,
} from "./webhooks/dedupe.ts";
export {
  WebhookReceiver,
  type ReceiverOptions,
  type HandlerContext,
  type CommandContext,
  type Interaction,
  type EventHandler,
  type CommandHandler,
  type CommandEvent,
  type ReceiveResult,
  type Responder,
} from "./webhooks/receiver.ts";
export { createWebhookHandler, expressWebhook, type WebhookListener, type HttpReceiverOptions } from "./webhooks/http.ts";
export { createFetchHandler, type FetchHandler, type FetchHandlerOptions, type WaitUntilContext } from "./webhooks/fetch.ts";
export {
  EVENT_TYPES,
  SCOPES,
  type EventType,
  type EventDataMap,
  type WebhookEvent,
  type OptionValue,
  type ScopeName,
} from "./webhooks/events.ts";
export type * from "./webhooks/events.ts";
export type { paths, components } from "./api-types.ts";
export * from "./gateway.ts";
