// @parley/sdk-client: the typed user API client and the realtime client. Browser-safe: no Node-only imports.
export { createClient, type ClientOptions, type InvokeCommand, type LoginResult, type OptionValue, type ParleyClient } from "./client.ts";
export { ApiError, isApiError } from "./errors.ts";
export type { ApiMethod, ApiMethods, ResultOf } from "./methods.ts";
export type { FetchLike, MaybePromise, TokenProvider } from "./session.ts";
export type * from "./types.ts";
export type { paths, components } from "./generated.ts";
/** Every enum of the contract: `Scope` (type) and `ScopeValues` (its values), `EventType`, `SpaceRole`, … */
export * from "../../generated/enums.ts";
export {
  connectRealtime,
  RealtimeClient,
  RealtimeClosedError,
  type Disconnected,
  type RealtimeEvents,
  type RealtimeOptions,
  type RealtimeState,
  type PresenceSelection,
} from "./realtime/client.ts";
export { backoffDelay, type BackoffOptions } from "./realtime/backoff.ts";
export { isFrame, parseFrame } from "./realtime/frames.ts";
export type * from "./realtime/frames.ts";
export type { WebSocketConstructor, WebSocketLike } from "./realtime/socket.ts";
export { E2EClient, type E2EOptions } from "./e2e/client.ts";
export { MemoryStore, type E2EStore } from "./e2e/store.ts";
