// Creates users through the public API, as a client would.
import { randomBytes } from "node:crypto";
import { api } from "./http.ts";

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
  deviceId: string;
  deviceSecret: string;
}

export async function registerUser(base: string, over: { username?: string; email?: string; password?: string } = {}): Promise<TestUser> {
  const tag = randomBytes(5).toString("hex");
  const username = over.username ?? `user_${tag}`;
  const email = over.email ?? `${username.toLowerCase()}@example.test`;
  const password = over.password ?? `pw-${tag}-long`;
  const res = await api(base).post("/api/auth/register", { username, email, password });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    id: res.body.user.id,
    username,
    email,
    password,
    token: res.body.access_token,
    refreshToken: res.body.refresh_token,
    deviceId: res.body.device_id,
    deviceSecret: res.body.device_secret,
  };
}
