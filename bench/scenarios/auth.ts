// Accounts (issue 3): login, whose cost is Argon2id by design (19 MiB, 2 passes, 1 lane), and an
// authenticated GET /api/auth/me — the per-request cost of a user session (JWT + cached session check + row).
import type { Scenario } from "../context.ts";
import { registerUser } from "../../test/helpers/users.ts";

export const scenario: Scenario = {
  name: "auth",
  description: "POST /api/auth/login (Argon2id) and authenticated GET /api/auth/me on PostgreSQL + Redis",
  async run(ctx) {
    const server = await ctx.startServer();
    const user = await registerUser(server.url);
    return [
      await ctx.load("GET /api/auth/me", { url: `${server.url}/api/auth/me`, headers: { authorization: `Bearer ${user.token}` } }),
      // Logins from one address would trip the brute-force limit only on failures; these all succeed.
      await ctx.load("POST /api/auth/login (Argon2id)", {
        url: `${server.url}/api/auth/login`,
        method: "POST",
        body: { login: user.username, password: user.password, device_id: user.deviceId, device_secret: user.deviceSecret },
        connections: 4,
      }),
    ];
  },
};
