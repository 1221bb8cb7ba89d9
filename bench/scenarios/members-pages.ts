// The members list pages by keyset: a page of a 10,000-member space should cost what a page of a 10-member one
// does (one index range, presence of the page's members only). Same page size in both: the default page of 1,000
// would just measure the larger body. Also the page after one, and the default page of the large space.
// Run: npm run bench -- members-pages
import type { BenchResult, Scenario } from "../context.ts";
import { seedCrowdedSpace } from "../seed/spaces.ts";
import { registerUser } from "../../test/helpers/users.ts";
import { newId } from "../../server/src/platform/ids.ts";

export const scenario: Scenario = {
  name: "members-pages",
  description: "members page (limit 50) of a 10-member and a 10,000-member space, a later page, the default page",
  async run(ctx) {
    const server = await ctx.startServer();
    const db = server.platform.db;
    const viewer = await registerUser(server.url);
    const headers = { authorization: `Bearer ${viewer.token}` };
    const others = Array.from({ length: 9_999 }, () => newId());
    for (let i = 0; i < others.length; i += 1000)
      await db("users").insert(others.slice(i, i + 1000).map((id) => ({ id, username: `m_${id.replace(/-/g, "").slice(-20)}` })));
    const small = await seedCrowdedSpace(db, [viewer.id, ...others.slice(0, 9)]);
    const large = await seedCrowdedSpace(db, [viewer.id, ...others]);
    const page = (space: string, query: string) => ({ url: `${server.url}/api/spaces/${space}/members${query}`, headers });
    const middle = (await db("members").where({ space_id: large }).orderBy("joined_at", "desc").offset(5000).first("id")).id;
    const rows: BenchResult[] = [];
    rows.push(await ctx.load("members page of 50 @10", page(small, "?limit=50")));
    rows.push(await ctx.load("members page of 50 @10k", page(large, "?limit=50")));
    rows.push(await ctx.load("members page of 50 @10k, before #5000", page(large, `?limit=50&before=${middle}`)));
    rows.push(await ctx.load("members default page (1,000) @10k", page(large, "")));
    return rows;
  },
};
