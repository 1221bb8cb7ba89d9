// The command registry rules (docs/bots.md#commands) live once in command-rules/, shared with sdk-bot; here a
// broken rule becomes the 400 whose `detail` is the rule's text.
import * as rules from "../../../../command-rules/index.ts";
import { badRequest } from "../../platform/errors.ts";

export { definitionChanged, normalizeName, type CommandOption, type NormalizedCommand } from "../../../../command-rules/index.ts";

function as400<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      return fn(...args);
    } catch (err) {
      throw err instanceof rules.CommandRuleError ? badRequest(err.message) : err;
    }
  };
}

/** Normalises a whole registry (PUT body); any broken rule is a 400 with its text. */
export const normalizeRegistry = as400(rules.normalizeRegistry);
