// Where the CLI keeps its tokens between runs: a JSON file (PARLEY_STATE, default ~/.parley-cli.json), rewritten
// whenever the client obtains new tokens, so that a refresh made by one run is there for the next.
import { readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export interface Saved {
  accessToken?: string;
  refreshToken?: string;
}

export function statePath(env: NodeJS.ProcessEnv): string {
  return env.PARLEY_STATE ?? join(homedir(), ".parley-cli.json");
}

export function load(path: string): Saved {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Saved;
  } catch {
    return {};
  }
}

export function save(path: string, saved: Saved): void {
  writeFileSync(path, JSON.stringify(saved), { mode: 0o600 });
}
