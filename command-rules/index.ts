// The command registry rules (docs/bots.md#commands), once for the server (which answers each failure 400 with
// the error's text, server/src/features/commands/rules.ts) and sdk-bot (which checks before any PUT; its build
// bundles this file). `checkSchemaLimits` adds the checks the server's schema answers with 422, for sdk-bot.
// The normalised form is what the server stores, so sdk-bot's sync compares like with like.
import type { components } from "../generated/api.d.ts";
import { OptionTypeValues, type OptionType } from "../generated/enums.ts";

/** A registry rule failed; `message` is the exact 400 `detail` of the server. */
export class CommandRuleError extends Error {
  override name = "CommandRuleError";
}

type WireDeclaration = components["schemas"]["Bot.CommandDeclaration"];
type WireOption = components["schemas"]["Bot.CommandOptionDeclaration"];
// The generated types mark fields with a server-side default as present; authors may leave them out.
export type CommandOptionDeclaration = Omit<WireOption, "required"> & { required?: boolean };
export type CommandDeclaration = Omit<WireDeclaration, "options"> & { options?: CommandOptionDeclaration[] };
export type CommandResponse = components["schemas"]["Bot.CommandResponse"];
export type CommandOption = components["schemas"]["Bot.CommandOption"];
export type { OptionType };
type Choice = components["schemas"]["Bot.CommandChoice"];

export interface NormalizedCommand {
  name: string;
  description: string;
  options: CommandOption[];
}

export const LIMITS = { commands: 100, options: 25, choices: 25, nameLength: 32, descriptionLength: 100, choiceName: 100 } as const;
const NAME = /^[a-z0-9_-]{1,32}$/;
/** The option types, spelled exactly so: another spelling ("String") is a `bad option type`. */
export const OPTION_TYPES: readonly OptionType[] = OptionTypeValues;
const WITH_CHOICES = new Set<OptionType>(["string", "integer", "number"]);
const WITH_RANGE = new Set<OptionType>(["integer", "number"]);

const fail = (text: string): never => {
  throw new CommandRuleError(text);
};

export const normalizeName = (raw: string) => raw.trim().toLowerCase();

/** What the server's schema answers with 422, checked on the value as sent. */
function checkLength(value: string, max: number, what: string): void {
  if (value.length < 1 || value.length > max) fail(`${what} must be 1 to ${max} characters`);
}

function checkedName(raw: string, what: "command" | "option"): string {
  checkLength(raw, LIMITS.nameLength, `${what} name ${JSON.stringify(raw)}`);
  const name = normalizeName(raw);
  if (!NAME.test(name)) fail(`invalid ${what} name: ${JSON.stringify(raw)} (allowed: a-z, 0-9, _ and -)`);
  return name;
}

function checkedDescription(raw: string, owner: string): string {
  checkLength(raw, LIMITS.descriptionLength, `${owner}: description`);
  const d = raw.trim();
  if (!d) fail(`${owner}: description is empty`);
  return d;
}

function normalizeChoices(o: CommandOptionDeclaration, name: string, type: OptionType): Choice[] | undefined {
  if (o.choices === undefined) return undefined;
  if (o.choices.length > LIMITS.choices) fail(`option ${name}: at most ${LIMITS.choices} choices`);
  if (!WITH_CHOICES.has(type)) fail(`option ${name}: choices are not supported for type ${type}`);
  return o.choices.map(({ name: label, value }) => {
    const ok = type === "string" ? typeof value === "string" : typeof value === "number" && (type !== "integer" || Number.isInteger(value));
    if (!ok || typeof value === "boolean" || value === null)
      return fail(
        `option ${name}: choice value must be ${type === "string" ? "a string" : `an ${type === "integer" ? "integer" : "number"}`}`,
      );
    return { name: label.slice(0, LIMITS.choiceName), value };
  });
}

function normalizeOption(o: CommandOptionDeclaration, command: string): CommandOption {
  const name = checkedName(o.name, "option");
  const type = o.type as OptionType;
  if (!OPTION_TYPES.includes(type)) fail("bad option type");
  const out: CommandOption = {
    name,
    type,
    description: checkedDescription(o.description, `option ${name} of ${command}`),
    required: o.required ?? false,
  };
  const choices = normalizeChoices(o, name, type);
  if (choices) out.choices = choices;
  if (o.min !== undefined || o.max !== undefined) {
    if (!WITH_RANGE.has(type)) fail(`option ${name}: min/max are not supported for type ${type}`);
    if (o.min !== undefined && o.max !== undefined && o.min > o.max) fail(`option ${name}: min is greater than max`);
    if (o.min !== undefined) out.min = o.min;
    if (o.max !== undefined) out.max = o.max;
  }
  return out;
}

export function normalizeCommand(d: CommandDeclaration): NormalizedCommand {
  const name = checkedName(d.name, "command");
  const description = checkedDescription(d.description, `command ${name}`);
  const decls = d.options ?? [];
  if (decls.length > LIMITS.options) fail(`command ${name}: at most ${LIMITS.options} options`);
  const options = decls.map((o) => normalizeOption(o, name));
  const seen = new Set<string>();
  let optionalSeen = false;
  for (const o of options) {
    if (seen.has(o.name)) fail(`command ${name}: duplicate option name: ${o.name}`);
    seen.add(o.name);
    if (!o.required) optionalSeen = true;
    else if (optionalSeen) fail("required options must come before optional ones");
  }
  return { name, description, options };
}

/** A whole registry as PUT would store it; throws CommandValidationError with the server's text. */
export function normalizeRegistry(decls: readonly CommandDeclaration[]): NormalizedCommand[] {
  if (decls.length > LIMITS.commands) fail(`at most ${LIMITS.commands} commands`);
  const out = decls.map(normalizeCommand);
  const names = new Set<string>();
  for (const c of out) {
    if (names.has(c.name)) fail(`duplicate command name: ${c.name}`);
    names.add(c.name);
  }
  return out;
}

/** The version rule: only a change of description or options counts. */
export function definitionChanged(a: NormalizedCommand, b: Pick<NormalizedCommand, "description" | "options">): boolean {
  return a.description !== b.description || canonical(a.options) !== canonical(b.options);
}

/** The PUT body form, defaults filled in. */
export const toWire = (d: CommandDeclaration): WireDeclaration => ({
  name: d.name,
  description: d.description,
  options: (d.options ?? []).map((o) => ({ ...o, required: o.required ?? false })),
});

/** True when the registered commands already equal `wanted` (names, descriptions, options). */
export function sameRegistry(wanted: readonly NormalizedCommand[], registered: readonly NormalizedCommand[]): boolean {
  const key = (cs: readonly NormalizedCommand[]) =>
    canonical(
      [...cs]
        .map(({ name, description, options }) => ({ name, description, options }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    );
  return key(wanted) === key(registered);
}

/** JSON with object keys sorted and absent keys dropped, so key order never makes a difference. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(",")}}`;
  return JSON.stringify(v);
}
