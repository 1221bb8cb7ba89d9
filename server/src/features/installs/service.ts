// Bot memberships: install, list, change and uninstall a bot in a space.
// Installing makes the bot a plain member of the space; uninstalling removes that member and keeps
// the membership row as `revoked`, so a later install reactivates it. A bot arriving or leaving is seen like any
// member (member.joined / member.left: frames, service messages, other bots' webhooks); the bot itself hears
// bot.installed / bot.uninstalled. Webhook deliveries are written in the change's transaction (outbox).
import { inTransaction, type Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { recordAudit } from "../audit/index.ts";
import { atLeast, requireMembership } from "../spaces/index.ts";
import type { MemberEventOutbox, MemberJoined, MemberLeft, SpaceEvents } from "../spaces/index.ts";
import type { InstallResolver } from "./resolver.ts";
import { checkScopes, foreignChannels, type Install, type InstallState } from "./rules.ts";
import * as store from "./store.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
type BotMembershipResponse = S["Bots.BotMembershipResponse"];
type InstallBotRequest = S["Bots.InstallBotRequest"];
type UpdateBotMembershipRequest = S["Bots.UpdateBotMembershipRequest"];

const toMembershipResponse = (i: Install): BotMembershipResponse => ({
  space_id: i.spaceId,
  bot_user_id: i.botUserId,
  member_id: i.memberId,
  scopes: i.scopes,
  allowed_channel_ids: i.allowedChannelIds,
  state: i.state,
  created_at: i.createdAt.toISOString(),
});

/** Two installs racing: the loser meets the unique (space, user) of members or bot_installs. */
async function alreadyInstalledOnClash<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("bot already installed in this space");
    throw err;
  }
}

/** Where bot.installed / bot.uninstalled go (the webhook dispatcher): rows in the change's transaction, queued after. */
/** The bot's own lifecycle events, their `data` as spec/events declares it. */
type BotLifecycleEvent =
  | { type: "bot.installed"; spaceId: string; data: components["schemas"]["Events.BotInstalledData"] }
  | { type: "bot.uninstalled"; spaceId: string; data: components["schemas"]["Events.BotUninstalledData"] };

export interface BotEventSink {
  record(trx: Db, event: BotLifecycleEvent, botIds: string[]): Promise<string[]>;
  enqueue(ids: string[]): Promise<void>;
}

/** The space's member events: emitted after commit, their webhook deliveries written before it. */
export interface MemberEventsOut {
  events: SpaceEvents;
  outbox: MemberEventOutbox;
  clock: Clock;
}

export class InstallsService {
  constructor(
    private db: Db,
    private resolver: InstallResolver,
    private events?: BotEventSink,
    private members?: MemberEventsOut,
  ) {}

  private now = () => new Date(this.members?.clock.now() ?? Date.now());

  /** Space admins and the owner manage bots; a space the caller is not in does not exist for them. */
  private async requireSpaceAdmin(spaceId: string, userId: string): Promise<void> {
    const m = await requireMembership(this.db, spaceId, userId);
    if (!atLeast(m.role, "admin")) throw forbidden("only space admins and the owner manage bots");
  }

  private async channelsOfSpace(spaceId: string, wanted: string[]): Promise<string[]> {
    const ids = [...new Set(wanted.map((id) => id.toLowerCase()))];
    const foreign = foreignChannels(ids, await store.channelIdsOfSpace(this.db, spaceId));
    if (foreign.length > 0) throw badRequest(`channel ${foreign[0]} is not a channel of this space`);
    return ids;
  }

  async install(userId: string, spaceId: string, body: InstallBotRequest): Promise<BotMembershipResponse> {
    await this.requireSpaceAdmin(spaceId, userId);
    const bot = await store.findBot(this.db, body.bot_user_id);
    if (!bot) throw notFound("bot not found");
    if (bot.owner_id !== userId) throw forbidden("you can only install bots you own");
    if (bot.state === "deleted") throw badRequest("bot is deleted");
    const scopes = checkScopes(body.scopes);
    const channels = await this.channelsOfSpace(spaceId, body.allowed_channel_ids);

    let joined!: MemberJoined;
    const joinedOutbox = await this.members?.outbox.prepare(spaceId, "member.joined", body.bot_user_id);
    const queued = await alreadyInstalledOnClash(() =>
      inTransaction(this.db, async (trx) => {
        const existing = await store.findInstall(trx, body.bot_user_id, spaceId, true);
        if (existing && existing.state !== "revoked") throw conflict("bot already installed in this space");
        const memberId = await store.addMember(trx, spaceId, body.bot_user_id);
        joined = { type: "member.joined", spaceId, userId: body.bot_user_id, memberId, role: "member", via: "install", at: this.now() };
        joined.outbox = await joinedOutbox?.record(trx, joined);
        const fields = { spaceId, botUserId: body.bot_user_id, memberId, scopes, allowedChannelIds: channels };
        if (existing) await store.updateInstall(trx, spaceId, body.bot_user_id, { ...fields, state: "ACTIVE" });
        else await store.insertInstall(trx, fields);
        await recordAudit(trx, {
          action: "bot.install",
          actorId: userId,
          spaceId,
          targetType: "bot",
          targetId: body.bot_user_id,
          data: { scopes, allowed_channel_ids: channels },
        });
        const data = { space_id: spaceId, member_id: memberId, scopes, allowed_channel_ids: channels, installed_by: userId };
        return (await this.events?.record(trx, { type: "bot.installed", spaceId, data }, [body.bot_user_id])) ?? [];
      }),
    );
    await this.resolver.invalidate(body.bot_user_id, spaceId);
    await this.events?.enqueue(queued);
    await this.members?.events.emit(joined);
    return toMembershipResponse((await store.findInstall(this.db, body.bot_user_id, spaceId))!);
  }

  async list(userId: string, spaceId: string): Promise<BotMembershipResponse[]> {
    const m = await requireMembership(this.db, spaceId, userId);
    return (await store.listInstalls(this.db, spaceId, atLeast(m.role, "admin"))).map(toMembershipResponse);
  }

  /** The membership to change; a revoked one is gone until re-installed. */
  private async current(trx: Db, spaceId: string, botUserId: string): Promise<Install> {
    const i = await store.findInstall(trx, botUserId, spaceId, true);
    if (!i || i.state === "revoked") throw notFound("bot not found in this space");
    return i;
  }

  async update(userId: string, spaceId: string, botUserId: string, body: UpdateBotMembershipRequest): Promise<BotMembershipResponse> {
    await this.requireSpaceAdmin(spaceId, userId);
    const scopes = body.scopes === undefined ? undefined : checkScopes(body.scopes);
    const channels = body.allowed_channel_ids === undefined ? undefined : await this.channelsOfSpace(spaceId, body.allowed_channel_ids);
    const state: InstallState | undefined = body.state;
    await inTransaction(this.db, async (trx) => {
      await this.current(trx, spaceId, botUserId);
      await store.updateInstall(trx, spaceId, botUserId, { scopes, allowedChannelIds: channels, state });
    });
    await this.resolver.invalidate(botUserId, spaceId);
    return toMembershipResponse((await store.findInstall(this.db, botUserId, spaceId))!);
  }

  /**
   * A bot removed from the members by other means (a kick) loses its membership too, so the bot API
   * and the member list never disagree, and hears bot.uninstalled. Subscribed to the spaces' member.left event.
   */
  async memberLeft(e: MemberLeft): Promise<void> {
    // A kick has done it in its own transaction already (revokeKicked); any other departure is handled here.
    const queued = e.uninstalled !== undefined ? e.uninstalled : await inTransaction(this.db, (trx) => this.revokeKicked(trx, e));
    if (queued === null) return;
    await this.resolver.invalidate(e.userId, e.spaceId);
    await this.events?.enqueue(queued);
  }

  /**
   * In the transaction of the change that removed the member: revokes its live install, if any, and writes its
   * bot.uninstalled deliveries (answered, to queue after commit through memberLeft); null when it had none.
   */
  async revokeKicked(trx: Db, e: MemberLeft): Promise<string[] | null> {
    if (!(await store.revokeIfLive(trx, e.spaceId, e.userId))) return null;
    const data = { space_id: e.spaceId, uninstalled_by: e.actorId ?? e.userId };
    return (await this.events?.record(trx, { type: "bot.uninstalled", spaceId: e.spaceId, data }, [e.userId])) ?? [];
  }

  async uninstall(userId: string, spaceId: string, botUserId: string): Promise<void> {
    await this.requireSpaceAdmin(spaceId, userId);
    let left: MemberLeft | undefined;
    const leftOutbox = await this.members?.outbox.prepare(spaceId, "member.left", botUserId);
    const queued = await inTransaction(this.db, async (trx) => {
      const install = await this.current(trx, spaceId, botUserId);
      await store.updateInstall(trx, spaceId, botUserId, { state: "revoked" });
      // An uninstall is the bot removed by an admin: to the space, a kick (`member.left` has no other reason for it).
      if (await store.removeMember(trx, spaceId, botUserId)) {
        left = {
          type: "member.left",
          spaceId,
          userId: botUserId,
          memberId: install.memberId,
          reason: "kicked",
          actorId: userId,
          at: this.now(),
        };
        left.outbox = await leftOutbox?.record(trx, left);
      }
      await recordAudit(trx, { action: "bot.uninstall", actorId: userId, spaceId, targetType: "bot", targetId: botUserId });
      // Told although the membership is now revoked: it is the bot's own lifecycle.
      return (
        (await this.events?.record(trx, { type: "bot.uninstalled", spaceId, data: { space_id: spaceId, uninstalled_by: userId } }, [
          botUserId,
        ])) ?? []
      );
    });
    await this.resolver.invalidate(botUserId, spaceId);
    await this.events?.enqueue(queued);
    if (left) await this.members?.events.emit(left);
  }
}
