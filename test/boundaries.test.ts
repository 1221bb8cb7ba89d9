// The boundaries a newcomer can rely on, checked over the source text (no server, no database):
// a feature, and the composition root, use a feature only through its index.ts; no import cycle joins feature
// folders; no service touches Knex (services take the opaque Db and group store calls with inTransaction; SQL
// is in the stores).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const FEATURES = resolve(import.meta.dirname, "../server/src/features");

/** Every non-test TypeScript file under features/, as a path relative to it (with "/" separators). */
function sourceFiles(dir = FEATURES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [relative(FEATURES, full).split(sep).join("/")] : [];
  });
}

/** The source without comments, so a commented example is not taken for an import or a call. */
const withoutComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** Specifiers of static imports and re-exports (`import … from`, `export … from`, `import "x"`) and of `import("x")`. */
function importSpecifiers(src: string): string[] {
  const code = withoutComments(src);
  const specs: string[] = [];
  for (const m of code.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?["']([^"']+)["']/g)) specs.push(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1]!);
  return specs;
}

const featureOf = (file: string) => file.split("/")[0]!;

interface CrossImport {
  file: string;
  feature: string;
  /** The imported file relative to features/, e.g. "spaces/store.ts". */
  target: string;
}

/** Imports from one feature folder into another (relative specifiers that land in a different folder under features/). */
function crossFeatureImports(): CrossImport[] {
  return sourceFiles().flatMap((file) =>
    importSpecifiers(readFileSync(join(FEATURES, file), "utf8"))
      .filter((s) => s.startsWith("."))
      .map((s) =>
        relative(FEATURES, resolve(FEATURES, dirname(file), s))
          .split(sep)
          .join("/"),
      )
      .filter((target) => !target.startsWith("..") && target.includes("/") && featureOf(target) !== featureOf(file))
      .map((target) => ({ file, feature: featureOf(file), target })),
  );
}

/** The cycles of the feature graph: its strongly connected components of more than one folder (Tarjan). */
function featureCycles(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("feature boundaries", () => {
  const imports = crossFeatureImports();

  it("finds the features and their cross-feature imports (the check reads something)", () => {
    expect(sourceFiles().length).toBeGreaterThan(50);
    expect(imports.some((i) => i.file === "channels/service.ts" && i.target === "spaces/index.ts")).toBe(true);
  });

  it("a feature uses another only through that feature's index.ts", () => {
    const internal = imports.filter((i) => !/^[^/]+\/index\.ts$/.test(i.target)).map((i) => `${i.file} -> ${i.target}`);
    expect(internal).toEqual([]);
  });

  it("the composition root (server.ts, main.ts) takes each feature from its index.ts", () => {
    const internal = ["server.ts", "main.ts"].flatMap((root) =>
      importSpecifiers(readFileSync(join(FEATURES, "..", root), "utf8"))
        .filter((s) => s.startsWith("./features/") && !/^\.\/features\/[^/]+\/index\.ts$/.test(s))
        .map((s) => `${root} -> ${s}`),
    );
    expect(internal).toEqual([]);
  });

  it("no import cycle between feature folders", () => {
    const edges = new Map<string, Set<string>>();
    for (const i of imports) {
      if (!edges.has(i.feature)) edges.set(i.feature, new Set());
      edges.get(i.feature)!.add(featureOf(i.target));
    }
    const cycles = featureCycles(edges).map((scc) => {
      const via = imports
        .filter((i) => scc.includes(i.feature) && scc.includes(featureOf(i.target)))
        .map((i) => `${i.file} -> ${i.target}`);
      return { features: scc, via: [...new Set(via)] };
    });
    expect(cycles).toEqual([]);
  });

  it("no service imports Knex or opens a transaction itself (inTransaction and Db from platform/db.ts)", () => {
    const services = sourceFiles().filter((f) => f.endsWith("/service.ts"));
    const touching = services.filter((f) => {
      const src = readFileSync(join(FEATURES, f), "utf8");
      return importSpecifiers(src).includes("knex") || /\bKnex\b|\.transaction\(/.test(withoutComments(src));
    });
    expect(touching).toEqual([]);
  });
});
