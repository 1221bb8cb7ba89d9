// The OpenAPI document the server validates against: generated/openapi.yaml, parsed once per process.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const CONTRACT_PATH = join(import.meta.dirname, "../../generated/openapi.yaml");

let parsed: Record<string, unknown> | undefined;

/**
 * A fresh copy of the document each call: the validator rewrites the document it is given, and tests start
 * many servers in one process; copying is several times cheaper than parsing the YAML again.
 */
export function loadContract(): Record<string, unknown> {
  parsed ??= parse(readFileSync(CONTRACT_PATH, "utf8")) as Record<string, unknown>;
  return structuredClone(parsed);
}
