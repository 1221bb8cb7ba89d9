// Spaces directory on PostgreSQL + Redis: discover (three sorts and a deep page) and search (common word,
// word pair, no match, two characters) at 10k and then 100k spaces, and the members list of a 1,000-member
// space. Seeds with bench/seed/spaces.ts. The EXPLAIN ANALYZE plans of the search query at 100k spaces go to
// bench/results/spaces-search-plans.txt (and stderr).
// Run: npm run bench -- spaces   (BENCH_DURATION / BENCH_CONNECTIONS as for every scenario)
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchResult, Scenario } from "../context.ts";
import { seedCrowdedSpace, seedSpaces } from "../seed/spaces.ts";
import { registerUser } from "../../test/helpers/users.ts";
import type { Knex } from "knex";
import { newId } from "../../server/src/platform/ids.ts";

const CASES: [string, string][] = [
  ["discover members", "/api/spaces/discover?sort_by=members&limit=50"],
  ["discover activity", "/api/spaces/discover?sort_by=activity&limit=50"],
  ["discover created", "/api/spaces/discover?sort_by=created&limit=50"],
  ["discover offset 5000", "/api/spaces/discover?sort_by=members&limit=50&offset=5000"],
  ["search 'dragon'", "/api/spaces/search?q=dragon"],
  ["search 'golden dragon'", "/api/spaces/search?q=golden%20dragon"],
  ["search no match", "/api/spaces/search?q=xyzzyq"],
  ["search 'ra' (2 chars)", "/api/spaces/search?q=ra"],
];
const PLAN_QUERIES = ["dragon", "ra", "xyzzyq"];

/**
 * The SQL the server runs for a search, caught from the database client's query events while one request is
 * answered: the plan is that of the real query, with no import of the spaces feature's internals.
 */
async function searchSql(db: Knex, url: string, headers: Record<string, string>, q: string): Promise<string> {
  const seen: { sql: string; bindings: readonly Knex.Value[] }[] = [];
  const listen = (query: { sql: string; bindings?: readonly Knex.Value[] }) =>
    void seen.push({ sql: query.sql, bindings: query.bindings ?? [] });
  db.on("query", listen);
  try {
    const res = await fetch(`${url}/api/spaces/search?q=${encodeURIComponent(q)}&limit=20`, { headers });
    if (!res.ok) throw new Error(`search answered ${res.status}`);
  } finally {
    db.off("query", listen);
  }
  const search = seen.find((s) => /\bILIKE\b/i.test(s.sql));
  if (!search) throw new Error("no search query seen");
  // Reported with PostgreSQL's placeholders, $1, $2 … in order of appearance: back to Knex's `?` to inline them.
  return db.raw(search.sql.replace(/\$\d+/g, "?"), search.bindings).toString();
}

export const scenario: Scenario = {
  name: "spaces",
  description: "discover and search at 10k and 100k spaces, members list of a 1,000-member space",
  async run(ctx) {
    const server = await ctx.startServer();
    const db = server.platform.db;
    const viewer = await registerUser(server.url);
    const headers = { authorization: `Bearer ${viewer.token}` };
    const rows: BenchResult[] = [];
    let seeded = 0;
    for (const size of [10_000, 100_000]) {
      await seedSpaces(db, viewer.id, size - seeded, size);
      seeded = size;
      for (const [name, path] of CASES) rows.push(await ctx.load(`${name} @${size / 1000}k`, { url: server.url + path, headers }));
    }

    const plans: string[] = [];
    for (const q of PLAN_QUERIES) {
      const res = await db.raw(`EXPLAIN (ANALYZE, BUFFERS) ${await searchSql(db, server.url, headers, q)}`);
      plans.push(`-- search q=${q} at ${seeded} spaces`, ...res.rows.map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]), "");
    }
    const out = join(import.meta.dirname, "..", "results");
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "spaces-search-plans.txt"), plans.join("\n"));
    console.error(plans.join("\n"));

    const others = Array.from({ length: 999 }, () => newId());
    await db("users").insert(others.map((id) => ({ id, username: `m_${id.replace(/-/g, "").slice(-20)}` })));
    const crowded = await seedCrowdedSpace(db, [viewer.id, ...others]);
    rows.push(await ctx.load("members list (1,000)", { url: `${server.url}/api/spaces/${crowded}/members`, headers }));
    return rows;
  },
};
