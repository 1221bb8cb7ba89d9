// The invocation checks of CONTRACT 8, in its order, over the facts loaded in one query. Pure.
import { HttpError, forbidden, notFound } from "../../platform/errors.ts";
import { isMuted } from "../spaces/index.ts";
import type { InvocationFacts } from "./store.ts";

/** Metric label of each outcome: a failure class, never a value. */
export type InvokeResult =
  | "ok"
  | "not_member"
  | "muted"
  | "bot_not_found"
  | "no_channel_access"
  | "missing_scope"
  | "unknown_command"
  | "invalid_options"
  | "rate_limited"
  | "limiter_unavailable"
  | "error";

/** An HttpError that also names its metric class. */
export class InvokeRefused extends HttpError {
  constructor(readonly result: InvokeResult, err: HttpError) {
    super(err.status, err.detail, err.headers);
  }
}

const refuse = (result: InvokeResult, err: HttpError) => new InvokeRefused(result, err);

/**
 * Caller membership and channel (404), mute (403), bot membership, its state and the bot's own state (404),
 * channel access (403), `commands` scope (403), command exists and is enabled (404). Returns the command.
 */
export function checkInvocation(f: InvocationFacts | undefined, now: number): NonNullable<InvocationFacts["command"]> {
  if (!f) throw refuse("not_member", notFound("space not found"));
  if (!f.channelInSpace) throw refuse("not_member", notFound("channel not found"));
  if (isMuted(f, now)) throw refuse("muted", forbidden("you are muted"));
  if (f.installState !== "ACTIVE" || f.botState !== "ACTIVE") throw refuse("bot_not_found", notFound("bot not found in this space"));
  if (!f.channelAllowed) throw refuse("no_channel_access", forbidden("bot has no access to this channel"));
  if (!f.scopes?.includes("commands")) throw refuse("missing_scope", forbidden("missing scope: commands"));
  if (!f.command?.enabled) throw refuse("unknown_command", notFound("unknown command"));
  return f.command;
}
