// Who may see and act on a space: one query for the space and the caller's membership, then the checks.
// A private space the caller is not in is reported as missing (404), never as forbidden (CONTRACT 0).
import type { Request } from "express";
import type { Knex } from "knex";
import { forbidden, notFound } from "../../platform/errors.ts";
import { atLeast, type Membership, type Role } from "./access.ts";
import type { SpaceRow } from "./store.ts";

export interface SpaceContext {
  space: SpaceRow;
  /** The caller's membership, if any. */
  me: Membership | undefined;
}

export const SPACE_NOT_FOUND = "space not found";

/** The space and the caller's membership, without the visibility rule (join by id and `request` need it). */
export async function loadSpace(db: Knex, spaceId: string, userId: string): Promise<SpaceContext | undefined> {
  const row = await db("spaces as s")
    .leftJoin("members as m", (j) => j.on("m.space_id", "s.id").andOn("m.user_id", db.raw("?", [userId])))
    .where("s.id", spaceId)
    .select("s.*", "m.id as m_id", "m.role as m_role", "m.muted_until as m_muted_until")
    .first();
  if (!row) return undefined;
  const { m_id, m_role, m_muted_until, ...space } = row;
  const me: Membership | undefined = m_id ? { memberId: m_id, spaceId, userId, role: m_role, mutedUntil: m_muted_until } : undefined;
  return { space: space as SpaceRow, me };
}

/** The space as the caller may see it: public, or one they are in; otherwise 404. */
export async function visibleSpace(db: Knex, spaceId: string, userId: string): Promise<SpaceContext> {
  const ctx = await loadSpace(db, spaceId, userId);
  if (!ctx || (ctx.space.visibility !== "public" && !ctx.me)) throw notFound(SPACE_NOT_FOUND);
  return ctx;
}

/** The caller must be a member (a public space's outsider gets 403; a private one's never gets this far). */
export function requireMember(ctx: SpaceContext): Membership {
  if (!ctx.me) throw forbidden("not a member of this space");
  return ctx.me;
}

/** The caller must hold at least `min`. */
export function requireRole(ctx: SpaceContext, min: Role): Membership {
  const me = requireMember(ctx);
  if (!atLeast(me.role, min)) throw forbidden("insufficient permissions");
  return me;
}

/** visibleSpace + requireRole in one call, for the routes that only need the check. */
export async function spaceWithRole(db: Knex, spaceId: string, userId: string, min: Role): Promise<SpaceContext & { me: Membership }> {
  const ctx = await visibleSpace(db, spaceId, userId);
  return { ...ctx, me: requireRole(ctx, min) };
}

/** The `{space_id}` of a router mounted under /api/spaces/:space_id (validated as a UUID by the contract). */
export const spaceIdOf = (req: Request): string => String((req.params as Record<string, string>).space_id);
