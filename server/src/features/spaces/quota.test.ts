// Spaces per owner (100) and channels per space (500), counted under a row lock so a parallel burst cannot pass
// them; a deleted space does not count. Anonymous accounts create no space (403 `register an account first`).
// Most of each quota is filled straight in the database; the last places are taken by a parallel burst.
import { describe, expect, it } from "vitest";
import { useTestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { statusCounts } from "../../../../test/helpers/from.ts";
import { insertSpace } from "../../../../test/helpers/fixtures.ts";
import { newId } from "../../platform/ids.ts";

const server = useTestServer();
const http = () => api(server().url);
const statuses = (rs: { status: number }[]) => statusCounts(rs as never);

describe("quotas", () => {
  it("an owner of 95 spaces creating 10 at once gets exactly 5; a deleted space frees its place", async () => {
    const owner = await registerUser(server().url);
    for (let i = 0; i < 95; i++) await insertSpace(server().platform.db, owner.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => http().post("/api/spaces", { name: `q${i}` }, { token: owner.token })),
    );
    expect(statuses(answers)).toEqual({ 201: 5, 400: 5 });
    for (const r of answers.filter((r) => r.status === 400)) expect(r.body).toEqual({ detail: "limit reached: 100 spaces per owner" });
    expect(Number((await server().platform.db("spaces").where({ owner_id: owner.id }).count({ n: "*" }))[0]!.n)).toBe(100);
    const gone = answers.find((r) => r.status === 201)!.body.id;
    expect((await http().del(`/api/spaces/${gone}`, { token: owner.token })).status).toBe(204);
    expect((await http().post("/api/spaces", { name: "again" }, { token: owner.token })).status).toBe(201);
    expect((await http().post("/api/spaces", { name: "more" }, { token: owner.token })).body).toEqual({
      detail: "limit reached: 100 spaces per owner",
    });
  });

  it("a space of 490 channels getting 20 at once gets exactly 10", async () => {
    const owner = await registerUser(server().url);
    const space = await insertSpace(server().platform.db, owner.id);
    // insertSpace wrote 2 channels.
    await server()
      .platform.db("channels")
      .insert(Array.from({ length: 488 }, (_, i) => ({ id: newId(), space_id: space.id, name: `c${i}`, type: "text", position: i + 2 })));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        http().post(`/api/spaces/${space.id}/channels`, { name: `n${i}`, type: "text" }, { token: owner.token }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 10, 400: 10 });
    for (const r of answers.filter((r) => r.status === 400)) expect(r.body).toEqual({ detail: "limit reached: 500 channels per space" });
    expect((await http().get(`/api/spaces/${space.id}/channels`, { token: owner.token })).body).toHaveLength(500);
  });

  it("an anonymous account creates no space (403), and nothing is written", async () => {
    const anon = (await http().post("/api/users/register")).body;
    const refused = await http().post("/api/spaces", { name: "mine" }, { token: anon.access_token });
    expect(refused).toMatchObject({ status: 403, body: { detail: "register an account first" } });
    expect(await server().platform.db("spaces").where({ owner_id: anon.id })).toEqual([]);
  });
});
