// Members of a space: the list with fresh presence, kick, roles, nickname, display
// role, mute. Kick and mute follow the rank rule; moderation writes its audit row in the same transaction.
import { inTransaction, type Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { recordAudit } from "../audit/index.ts";
import type { VoiceModeration } from "../voice/index.ts";
import type { components } from "../../../../generated/api.d.ts";
import {
  removeMember,
  requireMember,
  requireRole,
  spaceWithRole,
  visibleSpace,
  type BotKicks,
  type MemberEventOutbox,
  type MemberLeft,
  type MemberRow,
  type Role,
  type SpaceEvents,
} from "../spaces/index.ts";
import { activeMuteUntil, mayEditDisplayRole, mayEditNickname, outranks, roleChangeRefusal } from "./rules.ts";
import * as store from "./store.ts";

type Schemas = components["schemas"];
export type SpaceMemberResponse = Schemas["Spaces.SpaceMemberResponse"];
type MemberPresence = Schemas["Spaces.MemberPresence"];
type Message = Schemas["MessageResponse"];

/** What the members list needs of presence: many users' presence as one viewer sees it, in one batched read. */
interface PresenceReader {
  viewMany(userIds: string[], viewerId: string): Promise<Map<string, MemberPresence>>;
}

/** The default (and largest) page of the members list. */
const MEMBER_PAGE = 1000;

const OFFLINE: MemberPresence = { status: "offline", custom_status: null };
const RANK_REFUSAL = "cannot act on a member of equal or higher rank";

export interface MembersDeps {
  db: Db;
  clock: Clock;
  events: SpaceEvents;
  /** Writes member events' webhook deliveries in the change's transaction; without it, they are written after. */
  outbox?: MemberEventOutbox;
  /** A kicked bot's install revoked in the kick's transaction; without it, installs does so after the commit. */
  bots?: BotKicks;
  presence: PresenceReader;
  /** Kicks and mutes reach the space's voice rooms (voice/rooms.ts); without it, they stop at the database. */
  voice?: VoiceModeration;
}

export class MembersService {
  constructor(private d: MembersDeps) {}

  private now = () => new Date(this.d.clock.now());

  /** One page of members, newest first; presence is read for that page only. */
  async list(userId: string, spaceId: string, page: { limit?: number; before?: string } = {}): Promise<SpaceMemberResponse[]> {
    requireMember(await visibleSpace(this.d.db, spaceId, userId));
    const rows = await store.listMembers(this.d.db, spaceId, { limit: page.limit ?? MEMBER_PAGE, before: page.before });
    const presence = await this.d.presence.viewMany(
      rows.map((r) => r.user_id),
      userId,
    );
    const now = this.d.clock.now();
    return rows.map((r) => {
      const muted = activeMuteUntil(r.muted_until, now);
      return {
        member_id: r.id,
        user_id: r.user_id,
        username: r.username,
        display_name: r.display_name,
        nickname: r.nickname,
        role: r.role,
        display_role: r.display_role,
        is_bot: r.is_bot,
        muted_until: muted ? muted.toISOString() : null,
        presence: presence.get(r.user_id) ?? OFFLINE,
        joined_at: new Date(r.joined_at).toISOString(),
      };
    });
  }

  async kick(userId: string, spaceId: string, memberId: string): Promise<void> {
    const { me } = await spaceWithRole(this.d.db, spaceId, userId, "moderator");
    const target = await this.target(spaceId, memberId);
    if (!outranks(me.role, target.role)) throw forbidden(RANK_REFUSAL);
    const at = this.now();
    const outbox = await this.d.outbox?.prepare(spaceId, "member.left", target.user_id);
    const left = await inTransaction(this.d.db, async (trx): Promise<MemberLeft | undefined> => {
      const row = await removeMember(trx, spaceId, target.user_id, at);
      if (!row) return undefined;
      await recordAudit(trx, {
        action: "member.kick",
        actorId: userId,
        spaceId,
        targetType: "member",
        targetId: memberId,
        data: { user_id: target.user_id },
      });
      const event: MemberLeft = { type: "member.left", spaceId, userId: target.user_id, memberId, reason: "kicked", actorId: userId, at };
      event.outbox = await outbox?.record(trx, event);
      if (this.d.bots) event.uninstalled = await this.d.bots.revokeKicked(trx, event);
      return event;
    });
    if (left) {
      this.d.voice?.kicked(spaceId, target.user_id);
      await this.d.events.emit(left);
    }
  }

  async setRole(userId: string, spaceId: string, memberId: string, role: Exclude<Role, "owner">): Promise<Message> {
    const { me } = await spaceWithRole(this.d.db, spaceId, userId, "admin");
    const target = await this.target(spaceId, memberId);
    const refusal = roleChangeRefusal(me.role, target.role);
    if (refusal) throw forbidden(refusal);
    await inTransaction(this.d.db, async (trx) => {
      await store.updateMember(trx, memberId, { role });
      await recordAudit(trx, {
        action: "member.role_update",
        actorId: userId,
        spaceId,
        targetType: "member",
        targetId: memberId,
        data: { user_id: target.user_id, from: target.role, to: role },
      });
    });
    return { message: "role updated" };
  }

  async setNickname(userId: string, spaceId: string, memberId: string, nickname: string | null): Promise<Message> {
    const me = requireMember(await visibleSpace(this.d.db, spaceId, userId));
    const target = await this.target(spaceId, memberId);
    if (!mayEditNickname(me.role, target.user_id === userId)) throw forbidden("insufficient permissions");
    await store.updateMember(this.d.db, memberId, { nickname });
    return { message: nickname === null ? "nickname cleared" : "nickname updated" };
  }

  async setDisplayRole(userId: string, spaceId: string, memberId: string, displayRole: string | null): Promise<Message> {
    const me = requireMember(await visibleSpace(this.d.db, spaceId, userId));
    const target = await this.target(spaceId, memberId);
    if (!mayEditDisplayRole(me.role, target.user_id === userId)) throw forbidden("insufficient permissions");
    await store.updateMember(this.d.db, memberId, { display_role: displayRole });
    return { message: displayRole === null ? "display role cleared" : "display role updated" };
  }

  async mute(userId: string, spaceId: string, memberId: string, durationSeconds: number): Promise<Message> {
    const target = await this.moderatable(userId, spaceId, memberId);
    const until = new Date(this.d.clock.now() + durationSeconds * 1000);
    await inTransaction(this.d.db, async (trx) => {
      await store.updateMember(trx, memberId, { muted_until: until });
      await recordAudit(trx, {
        action: "member.mute",
        actorId: userId,
        spaceId,
        targetType: "member",
        targetId: memberId,
        data: { user_id: target.user_id, duration_seconds: durationSeconds, muted_until: until.toISOString() },
      });
    });
    this.d.voice?.muted(spaceId, target.user_id);
    return { message: "member muted" };
  }

  async unmute(userId: string, spaceId: string, memberId: string): Promise<Message> {
    const target = await this.moderatable(userId, spaceId, memberId);
    await inTransaction(this.d.db, async (trx) => {
      await store.updateMember(trx, memberId, { muted_until: null });
      await recordAudit(trx, {
        action: "member.unmute",
        actorId: userId,
        spaceId,
        targetType: "member",
        targetId: memberId,
        data: { user_id: target.user_id },
      });
    });
    return { message: "member unmuted" };
  }

  /** Moderator and above, acting on a lower rank (the rank rule). */
  private async moderatable(userId: string, spaceId: string, memberId: string): Promise<MemberRow> {
    const ctx = await visibleSpace(this.d.db, spaceId, userId);
    const me = requireRole(ctx, "moderator");
    const target = await this.target(spaceId, memberId);
    if (!outranks(me.role, target.role)) throw forbidden(RANK_REFUSAL);
    return target;
  }

  private async target(spaceId: string, memberId: string): Promise<MemberRow> {
    const m = await store.findMember(this.d.db, spaceId, memberId);
    if (!m) throw notFound("member not found");
    return m;
  }
}
