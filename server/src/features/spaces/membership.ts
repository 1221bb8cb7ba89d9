// The one membership API: "is X a member of this space, with what role, may they see it, is that channel in it".
// Every feature asks these questions here (through spaces/index.ts) instead of querying the spaces tables.
// A private space the caller is not in is reported as missing (404), never as forbidden: its existence is not the caller's to know.
import type { Knex } from "knex";
import { forbidden, notFound } from "../../platform/errors.ts";
import { atLeast, type Role } from "./rules.ts";
import * as store from "./store.ts";
import type { Channel, Membership, SpaceRow } from "./store.ts";

export type { Channel, Membership } from "./store.ts";

export interface SpaceContext {
  space: SpaceRow;
  /** The caller's membership, if any. */
  me: Membership | undefined;
}

export const SPACE_NOT_FOUND = "space not found";

export const findMembership = (db: Knex, spaceId: string, userId: string): Promise<Membership | undefined> =>
  store.findMembership(db, spaceId, userId);

/** The caller's membership, or 404 — a space the caller is not in is not known to exist. */
export async function requireMembership(db: Knex, spaceId: string, userId: string): Promise<Membership> {
  const m = await store.findMembership(db, spaceId, userId);
  if (!m) throw notFound(SPACE_NOT_FOUND);
  return m;
}

export async function requireChannel(db: Knex, spaceId: string, channelId: string): Promise<Channel> {
  const c = await store.findChannel(db, spaceId, channelId);
  if (!c) throw notFound("channel not found");
  return c;
}

/** (user, space) pairs for the given users, in one query (the realtime gateway loads memberships with it). */
export const spaceIdsOfUsers = (db: Knex, userIds: string[]): Promise<{ userId: string; spaceId: string }[]> =>
  store.spaceIdsOfUsers(db, userIds);

/** The space and the caller's membership, without the visibility rule (join by id and `request` need it). */
export const loadSpace = (db: Knex, spaceId: string, userId: string): Promise<SpaceContext | undefined> =>
  store.spaceWithMembership(db, spaceId, userId);

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
