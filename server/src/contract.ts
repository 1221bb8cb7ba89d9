// The OpenAPI document the server validates against: generated/openapi.yaml, parsed once.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export const CONTRACT_PATH = join(import.meta.dirname, "../../generated/openapi.yaml");

export function loadContract(): Record<string, unknown> {
  return parse(readFileSync(CONTRACT_PATH, "utf8"));
}
