// Spaces directory latency: discover (three sorts) and search at 10k and 100k spaces, and the members list
// of a 1,000-member space, against a real server process (PostgreSQL + Redis). Reports p50/p99 in ms, and the
// EXPLAIN ANALYZE plan of the search query at 100k spaces.
// Run: node --import tsx bench/scenarios/spaces-directory.ts [requestsPerCase] [concurrency]
import { percentile, seedUsers, startParley } from "./realtime-common.ts";
import { seedCrowdedSpace, seedSpaces } from "../seed/spaces.ts";
import { likePattern } from "../../server/src/features/spaces/rules.ts";
import { searchQuery } from "../../server/src/features/spaces/store.ts";

interface Latency {
  p50_ms: number;
  p99_ms: number;
  rows: number;
}

async function measure(url: string, token: string, requests: number, concurrency: number): Promise<Latency> {
  const times: number[] = [];
  let rows = 0;
  const one = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as unknown[];
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    rows = body.length;
  };
  for (let i = 0; i < 20; i++) await one(); // warm-up, not counted
  times.length = 0;
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < requests) await one();
  }));
  return { p50_ms: +percentile(times, 50).toFixed(2), p99_ms: +percentile(times, 99).toFixed(2), rows };
}

const CASES: Record<string, string> = {
  "discover members": "/api/spaces/discover?sort_by=members&limit=50",
  "discover activity": "/api/spaces/discover?sort_by=activity&limit=50",
  "discover created": "/api/spaces/discover?sort_by=created&limit=50",
  "discover deep page": "/api/spaces/discover?sort_by=members&limit=50&offset=5000",
  "search common word": "/api/spaces/search?q=dragon",
  "search word pair": "/api/spaces/search?q=golden%20dragon",
  "search no match": "/api/spaces/search?q=xyzzyq",
  "search 2 chars": "/api/spaces/search?q=ra",
};

export async function run(requests = 300, concurrency = 8): Promise<Record<string, unknown>> {
  const bench = await startParley();
  try {
    const [viewer, ...crowd] = await seedUsers(bench.db, 1001);
    const base = bench.parley.url;
    const out: Record<string, unknown> = { requests_per_case: requests, concurrency };
    let seeded = 0;
    for (const size of [10_000, 100_000]) {
      await seedSpaces(bench.db, viewer!.id, size - seeded, size);
      seeded = size;
      const results: Record<string, Latency> = {};
      for (const [name, path] of Object.entries(CASES)) results[name] = await measure(base + path, viewer!.token, requests, concurrency);
      out[`spaces_${size}`] = results;
    }
    for (const q of ["dragon", "ra", "xyzzyq"]) {
      const plan = await bench.db.raw(`EXPLAIN (ANALYZE, BUFFERS) ${searchQuery(bench.db, viewer!.id, likePattern(q), 20).toString()}`);
      out[`search_plan_100k_${q}`] = plan.rows.map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]);
    }
    const crowded = await seedCrowdedSpace(bench.db, crowd.map((u) => u.id));
    out.members_list_1000 = await measure(`${base}/api/spaces/${crowded}/members`, crowd[0]!.token, Math.min(requests, 200), concurrency);
    return out;
  } finally {
    await bench.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(Number(process.argv[2] ?? 300), Number(process.argv[3] ?? 8)), null, 2));
  process.exit(0);
}
