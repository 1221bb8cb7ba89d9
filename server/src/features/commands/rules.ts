// Domain rules of the command registry that the schema cannot say (spec 2.3, 2.4, 4.5). Pure functions.
import { badRequest } from "../../platform/errors.ts";
import type { components } from "../../../../generated/api.d.ts";

type Declaration = components["schemas"]["Bot.CommandDeclaration"];
type OptionDeclaration = components["schemas"]["Bot.CommandOptionDeclaration"];
export type OptionType = components["schemas"]["Bot.OptionType"];
export type CommandOption = components["schemas"]["Bot.CommandOption"];
type Choice = components["schemas"]["Bot.CommandChoice"];

/** A command after normalisation: what is stored and compared for versioning. */
export interface NormalizedCommand {
  name: string;
  description: string;
  options: CommandOption[];
}

export const NAME = /^[a-z0-9_-]{1,32}$/;
export const OPTION_TYPES: readonly OptionType[] = ["string", "integer", "number", "boolean", "user", "channel"];
const WITH_CHOICES = new Set<OptionType>(["string", "integer", "number"]);
const WITH_RANGE = new Set<OptionType>(["integer", "number"]);
const CHOICE_NAME_MAX = 100;

export const normalizeName = (raw: string) => raw.trim().toLowerCase();

function checkedName(raw: string, what: "command" | "option"): string {
  const name = normalizeName(raw);
  if (!NAME.test(name)) throw badRequest(`invalid ${what} name: ${JSON.stringify(raw)} (allowed: a-z, 0-9, _ and -)`);
  return name;
}

function checkedDescription(raw: string, owner: string): string {
  const d = raw.trim();
  if (!d) throw badRequest(`${owner}: description is empty`);
  return d;
}

function normalizeChoices(o: OptionDeclaration, name: string, type: OptionType): Choice[] | undefined {
  if (o.choices === undefined) return undefined;
  if (!WITH_CHOICES.has(type)) throw badRequest(`option ${name}: choices are not supported for type ${type}`);
  return o.choices.map(({ name: label, value }) => {
    const ok = type === "string" ? typeof value === "string" : typeof value === "number" && (type !== "integer" || Number.isInteger(value));
    if (!ok || typeof value === "boolean" || value === null) throw badRequest(`option ${name}: choice value must be ${type === "string" ? "a string" : `an ${type === "integer" ? "integer" : "number"}`}`);
    return { name: label.slice(0, CHOICE_NAME_MAX), value };
  });
}

function normalizeOption(o: OptionDeclaration, command: string): CommandOption {
  const name = checkedName(o.name, "option");
  const type = o.type.trim().toLowerCase() as OptionType;
  if (!OPTION_TYPES.includes(type)) throw badRequest("bad option type");
  const out: CommandOption = { name, type, description: checkedDescription(o.description, `option ${name} of ${command}`), required: o.required ?? false };
  const choices = normalizeChoices(o, name, type);
  if (choices) out.choices = choices;
  if (o.min !== undefined || o.max !== undefined) {
    if (!WITH_RANGE.has(type)) throw badRequest(`option ${name}: min/max are not supported for type ${type}`);
    if (o.min !== undefined && o.max !== undefined && o.min > o.max) throw badRequest(`option ${name}: min is greater than max`);
    if (o.min !== undefined) out.min = o.min;
    if (o.max !== undefined) out.max = o.max;
  }
  return out;
}

export function normalizeCommand(d: Declaration): NormalizedCommand {
  const name = checkedName(d.name, "command");
  const description = checkedDescription(d.description, `command ${name}`);
  const options = (d.options ?? []).map((o) => normalizeOption(o, name));
  const seen = new Set<string>();
  let optionalSeen = false;
  for (const o of options) {
    if (seen.has(o.name)) throw badRequest(`command ${name}: duplicate option name: ${o.name}`);
    seen.add(o.name);
    if (!o.required) optionalSeen = true;
    else if (optionalSeen) throw badRequest("required options must come before optional ones");
  }
  return { name, description, options };
}

/** Normalises a whole registry (PUT body); duplicate names after normalisation are a 400 (rule 1). */
export function normalizeRegistry(decls: Declaration[]): NormalizedCommand[] {
  const out = decls.map(normalizeCommand);
  const names = new Set<string>();
  for (const c of out) {
    if (names.has(c.name)) throw badRequest(`duplicate command name: ${c.name}`);
    names.add(c.name);
  }
  return out;
}

/** The version rule of spec 2.3: only a change of description or options counts. */
export function definitionChanged(a: NormalizedCommand, b: Pick<NormalizedCommand, "description" | "options">): boolean {
  return a.description !== b.description || canonical(a.options) !== canonical(b.options);
}

/** JSON with object keys sorted, so a round trip through jsonb (which reorders keys) compares equal. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(",")}}`;
  return JSON.stringify(v);
}
