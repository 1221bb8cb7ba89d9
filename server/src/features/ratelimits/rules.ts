// The bot-API limits, their 429 texts, and where a 429 carries `Retry-After` (docs/limits.md#retry-after, rules 1–4).
import type { LimitSpec } from "../../platform/limiter.ts";

/** Every limit the service enforces; `name` is the key prefix of the 429 text and the metric label. */
export const LIMITS = {
  /** Sends per (bot, channel). */
  channelSends: { name: "msg:ch", points: 5, durationSeconds: 1 },
  /** Sends per (bot, space). */
  spaceSends: { name: "msg:sp", points: 60, durationSeconds: 60 },
  /** Every /api/bot/* request of one bot. */
  botCalls: { name: "bot", points: 1000, durationSeconds: 60 },
  /** Command invocations per (user, bot). */
  invocations: { name: "cmd", points: 20, durationSeconds: 60 },
} as const satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof LIMITS;

/** `msg:ch:<bot_id>:<channel_id> > 5/1s`: the text names the limit as specified, whatever multiplier is set. */
export const limitText = (spec: LimitSpec, key: string): string => `${spec.name}:${key} > ${spec.points}/${spec.durationSeconds}s`;

/** Rule 4: the pause a fail-closed answer suggests, on message-send and invoke only. */
export const UNAVAILABLE_RETRY_AFTER = 5;

/**
 * How a 429 on a given request tells the client when to retry.
 * `onLimit`: rules 1–3, `Retry-After` = the window of the limit hit, on message and command paths only.
 * `onUnavailable`: rule 4, `Retry-After: 5` on message-send and invoke only.
 */
export interface RetryPolicy {
  onLimit: boolean;
  onUnavailable: boolean;
}

export const MESSAGE_SEND: RetryPolicy = { onLimit: true, onUnavailable: true };
/** @alias An invocation is retried as a message send is. */
export const INVOKE: RetryPolicy = MESSAGE_SEND;
const MESSAGE_PATH: RetryPolicy = { onLimit: true, onUnavailable: false };
export const OTHER_PATH: RetryPolicy = { onLimit: false, onUnavailable: false };

const CHANNEL_MESSAGES = /^\/spaces\/[^/]+\/channels\/[^/]+\/messages\/?$/;
const ONE_MESSAGE = /^\/spaces\/[^/]+\/messages\/[^/]+(\/reactions)?\/?$/;

/** The policy of a bot-API request, from its method and its path below `/api/bot`. */
export function botPathPolicy(method: string, path: string): RetryPolicy {
  if (CHANNEL_MESSAGES.test(path)) return method === "POST" ? MESSAGE_SEND : MESSAGE_PATH;
  if (ONE_MESSAGE.test(path)) return MESSAGE_PATH;
  return OTHER_PATH;
}
