// Spaces: create, read, change, delete, directory, joining and join requests.
// Writes run in one transaction with their audit rows and, for joins and leaves a bot hears of, their webhook
// deliveries (the outbox); domain events go out after the commit.
import { inTransaction, type Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import type { LimiterFactory } from "../../platform/limiter.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { recordAudit, spaceAuditLog, type AuditLogEntry } from "../audit/index.ts";
import { lockCreator } from "../users/index.ts";
import { checkSpaceQuota } from "./quota.ts";
import { UserLimit, USER_LIMITS } from "../ratelimits/index.ts";
import type { components } from "../../../../generated/api.d.ts";
import type { MemberEventOutbox, MemberJoined, MemberLeft, SpaceEvents } from "./events.ts";
import { loadSpace, requireRole, SPACE_NOT_FOUND, spaceWithRole, visibleSpace } from "./membership.ts";
import { likePattern, newInviteCode } from "./rules.ts";
import * as store from "./store.ts";
import * as view from "./view.ts";

type Schemas = components["schemas"];
type CreateSpaceRequest = Schemas["Spaces.CreateSpaceRequest"];
type UpdateSpaceRequest = Schemas["Spaces.UpdateSpaceRequest"];

const DEFAULT_CHANNELS = [
  { name: "general", type: "text" },
  { name: "voice", type: "voice" },
] as const;

export interface SpacesDeps {
  db: Db;
  /** Reads that may lag behind `db` (a streaming replica): the directory, previews and the audit log. */
  replica?: Db;
  clock: Clock;
  events: SpaceEvents;
  /** Writes member events' webhook deliveries in the change's transaction; without it, they are written after. */
  outbox?: MemberEventOutbox;
  /** Limits join/leave loops per (user, space) (docs/limits.md#joins); without it, unlimited. */
  limiters?: LimiterFactory;
}

export class SpacesService {
  private membershipChanges: UserLimit | undefined;

  constructor(private d: SpacesDeps) {
    this.membershipChanges = d.limiters && new UserLimit(d.limiters, USER_LIMITS.membershipChanges);
  }

  /** Counts a join or leave that will write (a service message, events to every bot) before it does. */
  private countChange = (userId: string, spaceId: string) => this.membershipChanges?.hit(`${userId}:${spaceId}`);

  private now = () => new Date(this.d.clock.now());
  private get reads(): Db {
    return this.d.replica ?? this.d.db;
  }

  async create(userId: string, body: CreateSpaceRequest): Promise<view.SpaceResponse> {
    const at = this.now();
    const id = newId();
    const ownerMemberId = newId();
    await this.withFreshInviteCode((code) =>
      inTransaction(this.d.db, async (trx) => {
        // The owner's row lock queues parallel creates, so the count cannot be passed by a burst.
        await lockCreator(trx, userId);
        checkSpaceQuota(await store.countOwnedSpaces(trx, userId));
        await store.insertSpace(trx, {
          id,
          name: body.name,
          description: body.description ?? "",
          visibility: body.visibility ?? "private",
          owner_id: userId,
          invite_code: code,
          last_activity_at: at,
          created_at: at,
        });
        await store.insertChannels(
          trx,
          DEFAULT_CHANNELS.map((c, position) => ({ id: newId(), space_id: id, ...c, position, created_at: at })),
        );
        await store.addMember(trx, { id: ownerMemberId, spaceId: id, userId, role: "owner", at });
      }),
    );
    await this.d.events.emit({ type: "member.joined", spaceId: id, userId, memberId: ownerMemberId, role: "owner", via: "create", at });
    return view.toSpaceResponse((await store.findSpace(this.d.db, id))!, "owner");
  }

  async mine(userId: string): Promise<view.SpaceResponse[]> {
    return (await store.spacesOf(this.d.db, userId)).map((s) => view.toSpaceResponse(s, s.my_role));
  }

  async get(userId: string, spaceId: string): Promise<view.SpaceResponse> {
    const { space, me } = await visibleSpace(this.d.db, spaceId, userId);
    return view.toSpaceResponse(space, me?.role ?? null);
  }

  async update(userId: string, spaceId: string, body: UpdateSpaceRequest): Promise<view.SpaceResponse> {
    const ctx = await visibleSpace(this.d.db, spaceId, userId);
    const me = requireRole(ctx, "admin");
    const patch: Parameters<typeof store.updateSpace>[2] = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.description !== undefined) patch.description = body.description;
    if (body.visibility !== undefined) patch.visibility = body.visibility;
    const changed = Object.keys(patch);
    await this.withFreshInviteCode((code) =>
      inTransaction(this.d.db, async (trx) => {
        await store.updateSpace(trx, spaceId, body.regenerate_invite_code ? { ...patch, invite_code: code } : patch);
        await recordAudit(trx, {
          action: "space.update",
          actorId: userId,
          spaceId,
          targetType: "space",
          targetId: spaceId,
          data: { fields: changed, ...patch, invite_code_regenerated: Boolean(body.regenerate_invite_code) },
        });
      }),
    );
    return view.toSpaceResponse((await store.findSpace(this.d.db, spaceId))!, me.role);
  }

  async remove(userId: string, spaceId: string): Promise<void> {
    const ctx = await visibleSpace(this.d.db, spaceId, userId);
    if (ctx.me?.role !== "owner") {
      requireRole(ctx, "member");
      throw forbidden("only the owner can delete the space");
    }
    const memberUserIds = await inTransaction(this.d.db, async (trx) => {
      const ids = await store.memberUserIds(trx, spaceId);
      await store.deleteSpace(trx, spaceId);
      await recordAudit(trx, {
        action: "space.delete",
        actorId: userId,
        spaceId,
        targetType: "space",
        targetId: spaceId,
        data: { name: ctx.space.name },
      });
      return ids;
    });
    await this.d.events.emit({ type: "space.deleted", spaceId, actorId: userId, memberUserIds, at: this.now() });
  }

  async discover(userId: string, sort: store.DiscoverSort, limit: number, offset: number): Promise<view.DiscoverSpaceResult[]> {
    return (await store.discover(this.reads, userId, sort, limit, offset)).map(view.toDiscoverResult);
  }

  async search(userId: string, q: string, limit: number): Promise<view.SpaceSearchResult[]> {
    return (await store.search(this.reads, userId, likePattern(q), limit)).map(view.toSearchResult);
  }

  /** GET /spaces/{id}/audit-log: admins and the owner read the space's rows, newest first. */
  async auditLog(userId: string, spaceId: string, limit: number, before?: string): Promise<AuditLogEntry[]> {
    await spaceWithRole(this.d.db, spaceId, userId, "admin");
    return spaceAuditLog(this.reads, spaceId, limit, before);
  }

  /** Anyone holding an invite code may see the space's card, whatever its visibility. */
  async preview(code: string): Promise<view.SpacePreviewResponse> {
    const space = await store.findSpaceByInvite(this.reads, code);
    if (!space) throw notFound("invalid invite code");
    return view.toPreview(space);
  }

  async publicInfo(spaceId: string): Promise<view.SpacePreviewResponse> {
    const space = await store.findSpace(this.reads, spaceId);
    if (!space || space.visibility !== "public") throw notFound(SPACE_NOT_FOUND);
    return view.toPreview(space);
  }

  /** Direct join of a public space; idempotent for a member. */
  async join(userId: string, spaceId: string): Promise<view.SpaceResponse> {
    const ctx = await loadSpace(this.d.db, spaceId, userId);
    if (!ctx) throw notFound(SPACE_NOT_FOUND);
    if (ctx.me) return view.toSpaceResponse(ctx.space, ctx.me.role);
    if (ctx.space.visibility !== "public") throw forbidden("space is private");
    await this.countChange(userId, ctx.space.id);
    return this.admit(userId, ctx.space.id, "join");
  }

  /** Join by invite code: works for either visibility. */
  async joinByInvite(userId: string, code: string): Promise<view.SpaceResponse> {
    const space = await store.findSpaceByInvite(this.reads, code);
    if (!space) throw notFound("invalid invite code");
    await this.countChange(userId, space.id);
    return this.admit(userId, space.id, "invite");
  }

  async leave(userId: string, spaceId: string): Promise<void> {
    const ctx = await visibleSpace(this.d.db, spaceId, userId);
    const me = requireRole(ctx, "member");
    if (me.role === "owner") throw badRequest("owner cannot leave; transfer ownership or delete the space");
    await this.countChange(userId, spaceId);
    const at = this.now();
    await this.changeMembership(spaceId, "member.left", userId, async (db): Promise<MemberLeft | undefined> => {
      const gone = await store.removeMember(db, spaceId, userId, at);
      return gone && { type: "member.left", spaceId, userId, memberId: gone.id, reason: "left", actorId: null, at };
    });
  }

  /** A join request to a private space; a second one while the first is pending answers the first. */
  async requestToJoin(userId: string, spaceId: string, message: string | null): Promise<view.JoinRequestResponse> {
    const ctx = await loadSpace(this.d.db, spaceId, userId);
    if (!ctx) throw notFound(SPACE_NOT_FOUND);
    if (ctx.space.visibility === "public") throw badRequest("space is public; join it directly");
    if (ctx.me) throw badRequest("already a member of this space");
    // Insert-or-find, twice at most: a pending request resolved between our insert attempt and our read
    // leaves nothing pending, and the second round then creates a fresh one.
    for (let attempt = 0; ; attempt++) {
      await store.insertRequest(this.d.db, { id: newId(), spaceId, userId, message, at: this.now() });
      const pending = await store.findPendingRequest(this.d.db, spaceId, userId);
      if (pending) return view.toJoinRequest(pending);
      if (attempt >= 1) throw badRequest("join request could not be created; retry");
    }
  }

  async pendingRequests(userId: string, spaceId: string): Promise<view.JoinRequestResponse[]> {
    requireRole(await visibleSpace(this.d.db, spaceId, userId), "admin");
    return (await store.pendingRequests(this.d.db, spaceId)).map(view.toJoinRequest);
  }

  /**
   * Approves a pending request and adds the requester. Two admins approving at once: the row lock lets one
   * resolve it; the other finds it approved and answers the same result without adding anyone.
   */
  async approve(userId: string, requestId: string): Promise<view.JoinRequestResponse> {
    const req = await this.requestForAdmin(userId, requestId);
    const at = this.now();
    const memberId = newId();
    const outbox = await this.d.outbox?.prepare(req.space_id, "member.joined", req.user_id);
    const joined = await inTransaction(this.d.db, async (trx): Promise<MemberJoined | undefined> => {
      if (!(await store.resolveRequest(trx, requestId, "approved", userId, at))) {
        const now = await store.findRequest(trx, requestId);
        if (now?.status === "approved") return undefined;
        throw badRequest("join request already resolved");
      }
      const member = await store.addMember(trx, { id: memberId, spaceId: req.space_id, userId: req.user_id, role: "member", at });
      await recordAudit(trx, {
        action: "join_request.approve",
        actorId: userId,
        spaceId: req.space_id,
        targetType: "join_request",
        targetId: requestId,
        data: { user_id: req.user_id },
      });
      if (!member) return undefined;
      const event: MemberJoined = {
        type: "member.joined",
        spaceId: req.space_id,
        userId: req.user_id,
        memberId: member.id,
        role: "member",
        via: "request",
        at,
      };
      event.outbox = await outbox?.record(trx, event);
      return event;
    });
    if (joined) await this.d.events.emit(joined);
    return view.toJoinRequest((await store.findRequest(this.d.db, requestId))!);
  }

  async reject(userId: string, requestId: string): Promise<{ message: string }> {
    const req = await this.requestForAdmin(userId, requestId);
    await inTransaction(this.d.db, async (trx) => {
      if (!(await store.resolveRequest(trx, requestId, "rejected", userId, this.now()))) throw badRequest("join request already resolved");
      await recordAudit(trx, {
        action: "join_request.reject",
        actorId: userId,
        spaceId: req.space_id,
        targetType: "join_request",
        targetId: requestId,
        data: { user_id: req.user_id },
      });
    });
    return { message: "join request rejected" };
  }

  /** The request, if the caller is an admin of its space; outsiders of a private space get 404 like any read. */
  private async requestForAdmin(userId: string, requestId: string): Promise<store.JoinRequestRow> {
    const req = await store.findRequest(this.d.db, requestId);
    if (!req) throw notFound("join request not found");
    const ctx = await loadSpace(this.d.db, req.space_id, userId);
    if (!ctx || (!ctx.me && ctx.space.visibility !== "public")) throw notFound("join request not found");
    requireRole(ctx, "admin");
    return req;
  }

  /** Adds the caller as a member (idempotent) and announces it after the commit. */
  private async admit(userId: string, spaceId: string, via: "join" | "invite"): Promise<view.SpaceResponse> {
    const at = this.now();
    await this.changeMembership(spaceId, "member.joined", userId, async (db): Promise<MemberJoined | undefined> => {
      const added = await store.addMember(db, { id: newId(), spaceId, userId, role: "member", at });
      return added && { type: "member.joined", spaceId, userId, memberId: added.id, role: "member", via, at };
    });
    const ctx = (await loadSpace(this.d.db, spaceId, userId))!;
    return view.toSpaceResponse(ctx.space, ctx.me?.role ?? null);
  }

  /**
   * A join or leave (one statement, `change`, which answers the event it made, if any) and its webhook deliveries
   * (the outbox): in one transaction when a bot listens, the statement alone otherwise. The event goes out after.
   */
  private async changeMembership<E extends MemberJoined | MemberLeft>(
    spaceId: string,
    type: E["type"],
    userId: string,
    change: (db: Db) => Promise<E | undefined>,
  ): Promise<void> {
    const outbox = await this.d.outbox?.prepare(spaceId, type, userId);
    const write = async (db: Db) => {
      const event = await change(db);
      if (event && outbox) event.outbox = await outbox.record(db, event);
      return event;
    };
    const event = outbox?.listened ? await inTransaction(this.d.db, write) : await write(this.d.db);
    if (event) await this.d.events.emit(event);
  }

  /** Runs `write` with a new invite code, again with another on the (astronomically rare) clash. */
  private async withFreshInviteCode(write: (code: string) => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write(newInviteCode());
      } catch (err) {
        if (attempt >= 4 || !isUniqueViolation(err, "spaces_invite_code_unique")) throw err;
      }
    }
  }
}
