// Bulk seed for the spaces benchmarks: N spaces written straight to the database (no API), with names from
// a word list so that name searches match a realistic share of rows, and one space with many members.
import type { Knex } from "knex";
import { newId } from "../../server/src/platform/ids.ts";

const ADJECTIVES = [
  "amber",
  "brave",
  "calm",
  "daring",
  "eager",
  "fuzzy",
  "gentle",
  "happy",
  "icy",
  "jolly",
  "keen",
  "lucky",
  "mellow",
  "noble",
  "odd",
  "proud",
  "quiet",
  "rapid",
  "silver",
  "tidy",
  "urban",
  "vivid",
  "witty",
  "young",
  "zesty",
  "bold",
  "crisp",
  "dusty",
  "early",
  "fancy",
  "grand",
  "hidden",
  "inner",
  "jade",
  "kind",
  "lunar",
  "misty",
  "neon",
  "olive",
  "plain",
  "royal",
  "sunny",
  "tiny",
  "upper",
  "velvet",
  "wild",
  "golden",
  "cosmic",
  "electric",
  "frosty",
];
const NOUNS = [
  "dragon",
  "garden",
  "harbor",
  "island",
  "jungle",
  "kitchen",
  "library",
  "meadow",
  "nebula",
  "orchard",
  "parlor",
  "quarry",
  "river",
  "studio",
  "tavern",
  "valley",
  "workshop",
  "canyon",
  "desert",
  "forest",
  "galaxy",
  "hollow",
  "lagoon",
  "mountain",
  "oasis",
  "pixel",
  "rocket",
  "signal",
  "temple",
  "summit",
  "beacon",
  "circle",
  "guild",
  "lounge",
  "club",
  "crew",
  "collective",
  "society",
  "league",
  "arcade",
  "cafe",
  "den",
  "hub",
  "lab",
  "nest",
  "party",
  "squad",
  "tribe",
  "zone",
  "union",
];

/** A small deterministic PRNG, so two runs seed the same data. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Adds `count` spaces owned by `ownerId` (70% public, long-tailed member counts, a year of creation dates). */
export async function seedSpaces(db: Knex, ownerId: string, count: number, seed = 1): Promise<void> {
  const rand = mulberry32(seed);
  const now = Date.now();
  const BATCH = 5000;
  for (let i = 0; i < count; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => {
      const id = newId();
      const created = now - Math.floor(rand() * 365 * 86_400_000);
      return {
        id,
        name: `${ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)]} ${NOUNS[Math.floor(rand() * NOUNS.length)]} ${seed}-${i + k}`,
        description: "",
        visibility: rand() < 0.7 ? "public" : "private",
        owner_id: ownerId,
        invite_code: id.replace(/-/g, "").slice(-10),
        member_count: Math.max(1, Math.floor(1 / (0.0005 + rand()))),
        created_at: new Date(created),
        last_activity_at: new Date(created + Math.floor(rand() * (now - created))),
      };
    });
    await db("spaces").insert(rows);
  }
  await db.raw("ANALYZE spaces");
}

/** A private space whose members are `userIds` (the first is the owner); returns its id. */
export async function seedCrowdedSpace(db: Knex, userIds: string[]): Promise<string> {
  const id = newId();
  await db("spaces").insert({
    id,
    name: "crowded",
    visibility: "private",
    owner_id: userIds[0],
    invite_code: id.replace(/-/g, "").slice(-10),
    member_count: userIds.length,
  });
  for (let i = 0; i < userIds.length; i += 1000) {
    await db("members").insert(
      userIds.slice(i, i + 1000).map((u, k) => ({ id: newId(), space_id: id, user_id: u, role: i + k === 0 ? "owner" : "member" })),
    );
  }
  await db.raw("ANALYZE members");
  return id;
}
