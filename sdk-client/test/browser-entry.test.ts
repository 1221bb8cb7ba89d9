// The main entry is what a browser bundle pulls in: nothing reachable from it may import Node-only modules.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { expect, it } from "vitest";

function reachable(entry: string, seen = new Set<string>()): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const specs = [...readFileSync(file, "utf8").matchAll(/^(?:import|export)\b(?!\s+type\b)[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]!);
    out.set(
      file,
      specs.filter((s) => !s.startsWith(".")),
    );
    for (const s of specs) if (s.startsWith(".")) visit(resolve(dirname(file), s));
  };
  visit(entry);
  return out;
}

it("the main entry reaches only browser-safe modules; the node entry adds ws", () => {
  const main = reachable(resolve(import.meta.dirname, "../src/index.ts"));
  expect(main.size).toBeGreaterThan(5);
  const external = [...main.values()].flat();
  expect(external.filter((s) => s.startsWith("node:") || s === "ws")).toEqual([]);
  expect(external).toContain("openapi-fetch");
  const node = reachable(resolve(import.meta.dirname, "../src/node.ts"));
  expect([...node.values()].flat()).toContain("ws");
});
