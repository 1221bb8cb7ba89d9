// The spaces SQL (data-modifying CTEs, ON CONFLICT on a partial index, ILIKE on the trigram index) on the
// embedded PostgreSQL too.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ embedded: true });
});
afterAll(() => server?.stop());

it("creates, joins, requests, approves, searches, mutes and leaves on the embedded PostgreSQL", async () => {
  const http = api(server.url);
  const [a, b, c] = await Promise.all([registerUser(server.url), registerUser(server.url), registerUser(server.url)]);
  const pub = (await http.post("/api/spaces", { name: "Embedded Plaza", visibility: "public" }, { token: a.token })).body;
  const priv = (await http.post("/api/spaces", { name: "Embedded Attic" }, { token: a.token })).body;
  await Promise.all([b, c, b].map((u) => http.post(`/api/spaces/${pub.id}/join`, undefined, { token: u.token })));
  expect((await http.get(`/api/spaces/${pub.id}`, { token: a.token })).body.member_count).toBe(3);
  const req = (await http.post(`/api/spaces/${priv.id}/request`, { message: "hi" }, { token: b.token })).body;
  expect((await http.post(`/api/spaces/${priv.id}/request`, {}, { token: b.token })).body.request_id).toBe(req.request_id);
  expect((await http.post(`/api/spaces/requests/${req.request_id}/approve`, undefined, { token: a.token })).body.status).toBe("approved");
  const found = (await http.get("/api/spaces/search?q=embedded", { token: b.token })).body.map((s: { id: string }) => s.id);
  expect(found.sort()).toEqual([pub.id, priv.id].sort());
  expect((await http.get("/api/spaces/search?q=embedded", { token: c.token })).body.map((s: { id: string }) => s.id)).toEqual([pub.id]);
  const bobMember = (await http.get(`/api/spaces/${priv.id}/members`, { token: a.token })).body.find(
    (m: { user_id: string }) => m.user_id === b.id,
  );
  expect(
    (await http.post(`/api/spaces/${priv.id}/members/${bobMember.member_id}/mute`, { duration_seconds: 30 }, { token: a.token })).status,
  ).toBe(200);
  expect((await http.post(`/api/spaces/${pub.id}/leave`, undefined, { token: c.token })).status).toBe(204);
  expect((await http.get(`/api/spaces/${pub.id}`, { token: a.token })).body.member_count).toBe(2);
  expect((await http.get("/api/spaces/discover?sort_by=created", { token: c.token })).body[0].id).toBe(pub.id);
});
