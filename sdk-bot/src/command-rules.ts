// The registry rules are the server's own (command-rules/, bundled by the build): checked
// before any PUT, each failure thrown as a CommandValidationError with the server's exact 400 text.
import * as rules from "../../command-rules/index.ts";
import { CommandValidationError } from "./errors.ts";

export {
  LIMITS,
  OPTION_TYPES,
  normalizeName,
  sameRegistry,
  toWire,
  type CommandDeclaration,
  type CommandOptionDeclaration,
  type CommandOption,
  type CommandResponse,
  type NormalizedCommand,
  type OptionType,
} from "../../command-rules/index.ts";

function asValidationError<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      return fn(...args);
    } catch (err) {
      throw err instanceof rules.CommandRuleError ? new CommandValidationError(err.message) : err;
    }
  };
}

/** Checks one declaration by the server's rules and answers it normalized; throws {@link CommandValidationError} with the server's text. */
export const normalizeCommand = asValidationError(rules.normalizeCommand);
/** Checks a whole registry (names unique, counts within the limits) and answers it normalized; throws {@link CommandValidationError}. */
export const normalizeRegistry = asValidationError(rules.normalizeRegistry);
