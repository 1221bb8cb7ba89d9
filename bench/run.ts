// `npm run bench [-- <scenario> ...]`: runs the scenarios of bench/scenarios/ (all by default), prints a
// table against the floor (a bare node:http server, always measured in the same run) and writes
// bench/results/latest.json. Add a scenario by dropping a file with `export const scenario: Scenario = {name,
// description, run(ctx)}` there (see context.ts for what ctx offers).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createContext, type BenchResult, type Scenario } from "./context.ts";

const dir = join(import.meta.dirname, "scenarios");
const all: Scenario[] = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".ts"))
  .sort()) {
  // Only modules that declare a scenario are imported: the folder also holds helpers and standalone
  // scripts (run with `node --import tsx bench/scenarios/<file>.ts`) that do their work on import.
  if (!/^export const scenario\b/m.test(readFileSync(join(dir, file), "utf8"))) continue;
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { scenario: Scenario };
  all.push(mod.scenario);
}

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = wanted.filter((w) => !all.some((s) => s.name === w));
if (unknown.length) {
  console.error(`unknown scenario: ${unknown.join(", ")}. Known: ${all.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
// The floor always runs first: ratios only mean something against a floor measured on the same box, same run.
const chosen = all.filter((s) => s.name === "floor" || (wanted.length === 0 && !s.onlyWhenNamed) || wanted.includes(s.name));
chosen.sort((a, b) => Number(b.name === "floor") - Number(a.name === "floor"));

const rows: (BenchResult & { scenario: string })[] = [];
for (const s of chosen) {
  console.error(`bench: ${s.name} (${s.description})`);
  const { ctx, cleanup } = createContext();
  try {
    for (const r of await s.run(ctx)) rows.push({ scenario: s.name, ...r });
  } finally {
    await cleanup();
  }
}

const floor = rows.find((r) => r.scenario === "floor")?.requestsPerSecond;
const table = rows.map((r) => ({
  scenario: r.name,
  "requests/s": Math.round(r.requestsPerSecond),
  "p50 ms": r.p50Ms,
  "p99 ms": r.p99Ms,
  "vs floor": floor ? `${((r.requestsPerSecond / floor) * 100).toFixed(1)} %` : "n/a",
  failures: r.failures,
}));
console.table(table);

const out = join(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
const report = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  durationSeconds: Number(process.env.BENCH_DURATION ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  results: rows.map((r) => ({ ...r, ratioToFloor: floor ? r.requestsPerSecond / floor : null })),
};
writeFileSync(join(out, "latest.json"), JSON.stringify(report, null, 2) + "\n");
console.error(`bench: wrote ${join("bench", "results", "latest.json")}`);
if (rows.some((r) => r.failures > 0)) {
  console.error("bench: some requests failed; the figures above do not measure the service alone");
  process.exitCode = 1;
}
