// Accounts: an authenticated GET /api/auth/me — the per-request cost of a user session (JWT +
// cached session check + cached row) — against both floors answering the service's own bytes (bare node:http,
// and the stack floor: Express + the contract validator), in alternating rounds; and login, whose cost is
// Argon2id by design (19 MiB, 2 passes, 1 lane).
import type { Scenario } from "../context.ts";
import { registerUser } from "../../test/helpers/users.ts";
import { alternate, ratio, sendJson, startBare, startStackFloor } from "../floors/index.ts";

export const scenario: Scenario = {
  name: "auth",
  description: "GET /api/auth/me vs bare node:http and the stack floor (same bytes); POST /api/auth/login (Argon2id)",
  async run(ctx) {
    const server = await ctx.startServer();
    const user = await registerUser(server.url);
    const headers = { authorization: `Bearer ${user.token}` };
    const me = await fetch(`${server.url}/api/auth/me`, { headers });
    const meBody = await me.text();
    if (me.status !== 200) throw new Error(`/me answered ${me.status}: ${meBody}`);
    const bare = await startBare(ctx, (_req, res) => sendJson(res, 200, meBody));
    const stack = await startStackFloor(ctx, { meBody });
    const [b, s, ours] = await alternate(ctx, [
      { name: "bare node:http: /me bytes", opts: { url: `${bare}/api/auth/me`, headers } },
      { name: "stack floor: /me bytes", opts: { url: `${stack}/api/auth/me`, headers } },
      { name: "GET /api/auth/me", opts: { url: `${server.url}/api/auth/me`, headers } },
    ]);
    console.error(`bench: auth: /me ${ratio(ours!, s!)} stack floor (a), ${ratio(ours!, b!)} bare; stack floor ${ratio(s!, b!)} bare`);
    // Logins from one address would trip the brute-force limit only on failures; these all succeed.
    const login = await ctx.load("POST /api/auth/login (Argon2id)", {
      url: `${server.url}/api/auth/login`,
      method: "POST",
      body: { login: user.username, password: user.password, device_id: user.deviceId, device_secret: user.deviceSecret },
      connections: 4,
    });
    return [b!, s!, ours!, login];
  },
};
