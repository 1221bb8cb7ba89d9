// Domain rules of the users feature that the schema cannot say.
import { randomBytes } from "node:crypto";
import { badRequest } from "../../platform/errors.ts";

export const anonymousUsername = (): string => `anon_${randomBytes(6).toString("hex")}`;

/** E-mail and password come only as part of an anonymous account's upgrade, and only with a username. */
export function upgradeFields(body: { username?: string; email?: string; password?: string }): "none" | "upgrade" {
  const wantsUpgrade = body.email !== undefined || body.password !== undefined;
  if (!wantsUpgrade) return "none";
  if (body.username === undefined || body.email === undefined || body.password === undefined)
    throw badRequest("username, email and password are required together to upgrade an anonymous account");
  return "upgrade";
}

export const NOT_ANONYMOUS = "email and password can only be set here by anonymous users";
