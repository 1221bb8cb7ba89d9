// Migration names, checked over the folder (no database). Knex records each applied migration by name, so a
// landed name can never change: the one pair that already shares a timestamp stays, and no other may join it.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const MIGRATIONS = resolve(import.meta.dirname, "../server/src/db/migrations");

/** Landed before this check; renaming either would break every database that already applied it. */
const LANDED_DUPLICATES = new Set(["202611220556-create-bot-installs.ts", "202611220556-create-friendships.ts"]);

describe("migrations", () => {
  const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith(".ts"));

  it("are named YYYYMMDDHHMM-verb-noun.ts, the only names the runner picks up", () => {
    expect(files.filter((f) => !/^\d{12}-[a-z0-9-]+\.ts$/.test(f))).toEqual([]);
  });

  it("each have a timestamp of their own, so their order never depends on the rest of the name", () => {
    const landedStamps = new Set([...LANDED_DUPLICATES].map((f) => f.slice(0, 12)));
    const byStamp = new Map<string, string[]>();
    for (const f of files.filter((f) => !LANDED_DUPLICATES.has(f)))
      byStamp.set(f.slice(0, 12), [...(byStamp.get(f.slice(0, 12)) ?? []), f]);
    const shared = [...byStamp].filter(([stamp, names]) => names.length > 1 || landedStamps.has(stamp)).map(([, names]) => names);
    expect(shared).toEqual([]);
  });
});
