// Every invocation check (docs/bots.md#invocations), in one place and pure: who may invoke what (over the facts loaded in
// one query), then the option values against the command's declared options. Error texts
// never contain a value: they are returned to the caller and may be logged.
import { HttpError, badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { canonicalUuid } from "../../platform/ids.ts";
import type { CommandOption } from "../commands/index.ts";
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
  constructor(
    readonly result: InvokeResult,
    err: HttpError,
  ) {
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

// Option values (docs/bots.md#coercion).

export type OptionValue = string | number | boolean;
export type TypedOptions = Record<string, OptionValue>;

/** The plaintext bound of one invocation's option values. */
const INVOCATION_MAX_BYTES = 1024;

const WHOLE = /^-?[0-9]+$/;
const DECIMAL = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/;

/**
 * Coercion to the option's type; undefined when the value does not fit the type. Integers must also be exactly
 * representable (safe integers): a larger value would silently change on its way to the bot.
 */
export function coerce(type: CommandOption["type"], v: unknown): OptionValue | undefined {
  switch (type) {
    case "string":
      return typeof v === "string" ? v : undefined;
    case "boolean":
      return typeof v === "boolean" ? v : undefined;
    case "integer": {
      const n = typeof v === "number" ? v : typeof v === "string" && WHOLE.test(v) ? Number(v) : undefined;
      return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
    }
    case "number": {
      const n = typeof v === "number" ? v : typeof v === "string" && DECIMAL.test(v) ? Number(v) : undefined;
      return n !== undefined && Number.isFinite(n) ? n : undefined;
    }
    case "user":
    case "channel":
      return canonicalUuid(v);
    default:
      return undefined;
  }
}

/** The string form counted by the 1024-byte rule: the value's JSON text without quotes. */
const stringForm = (v: OptionValue): string => (typeof v === "string" ? v : JSON.stringify(v));

export const plaintextBytes = (options: TypedOptions): number =>
  Object.values(options).reduce<number>((sum, v) => sum + Buffer.byteLength(stringForm(v), "utf8"), 0);

const given = (options: Record<string, unknown>, name: string): unknown => (Object.hasOwn(options, name) ? options[name] : undefined);

/**
 * The option rules in their order, option by option in declaration order: required, type, choices, min/max; undeclared
 * options are dropped; then the total size. Returns the typed options; throws a 400 with the exact text.
 */
export function validateInvocation(declared: readonly CommandOption[], raw: Record<string, unknown> | undefined): TypedOptions {
  const options = raw ?? {};
  const typed: [string, OptionValue][] = [];
  for (const o of declared) {
    const value = given(options, o.name);
    // A JSON null counts as absent: clients commonly send null for an option left empty.
    if (value === undefined || value === null) {
      if (o.required) throw badRequest(`missing required option: ${o.name}`);
      continue;
    }
    const v = coerce(o.type, value);
    if (v === undefined) throw badRequest(`option ${o.name}: bad ${o.type} value`);
    if (o.choices && !o.choices.some((c) => c.value === v)) throw badRequest(`option ${o.name}: value not in choices`);
    if (typeof v === "number") {
      if (o.min !== undefined && v < o.min) throw badRequest(`option ${o.name}: below min ${o.min}`);
      if (o.max !== undefined && v > o.max) throw badRequest(`option ${o.name}: above max ${o.max}`);
    }
    typed.push([o.name, v]);
  }
  // fromEntries defines own properties, so an option named `__proto__` stays an ordinary key.
  const out: TypedOptions = Object.fromEntries(typed);
  if (plaintextBytes(out) > INVOCATION_MAX_BYTES) throw badRequest(`invocation exceeds ${INVOCATION_MAX_BYTES} plaintext bytes`);
  return out;
}
