// The `paths` of tsconfig.json as vite aliases: vitest resolves the SDK workspaces to their TypeScript sources as
// tsc and tsx do, so a fresh clone runs the tests without building the SDKs.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const { compilerOptions } = JSON.parse(readFileSync(resolve(root, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, "")) as {
  compilerOptions: { paths: Record<string, [string]> };
};

export const sdkSources = Object.entries(compilerOptions.paths).map(([name, [target]]) => ({
  find: new RegExp(`^${name.replaceAll("/", "\\/")}$`),
  replacement: resolve(root, target),
}));
