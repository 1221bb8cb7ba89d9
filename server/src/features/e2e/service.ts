// The MLS Delivery Service (docs/e2e.md): a key directory per device session and per-channel ordering of
// handshake messages. Blobs are opaque base64 (checked by the contract); nothing here parses, logs or trusts them.
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import type { LimiterFactory } from "../../platform/limiter.ts";
import { notFound } from "../../platform/errors.ts";
import type { Frame, RealtimePublisher } from "../../platform/realtime/publisher.ts";
import { findMembership } from "../spaces/index.ts";
import { UserLimit, USER_LIMITS } from "../ratelimits/index.ts";
import type { components } from "../../../../generated/api.d.ts";
import * as store from "./store.ts";
import { claimableUsers, welcomeRecipients } from "./rules.ts";

type S = components["schemas"];
export type UploadKeyPackagesRequest = S["E2E.UploadKeyPackagesRequest"];
export type ClaimKeyPackagesResponse = S["E2E.ClaimKeyPackagesResponse"];
export type GroupStateResponse = S["E2E.GroupStateResponse"];
export type CommitRequest = S["E2E.CommitRequest"];
export type CommitList = S["E2E.CommitList"];
export type StoredWelcome = S["E2E.StoredWelcome"];

const CHANNEL_NOT_FOUND = "channel not found";
export const STALE_EPOCH = "stale epoch";

/** Who is asking: the user and the device session (= MLS client) of the access token. */
export interface Caller {
  id: string;
  sessionId: string;
}

export type CommitOutcome = { accepted: true; epoch: number } | { accepted: false; epoch: number };

/** The abuse limits of the key directory (docs/limits.md). */
interface KeyDirectoryLimits {
  claims: UserLimit;
  perPair: UserLimit;
  perTarget: UserLimit;
  uploads: UserLimit;
  commits: UserLimit;
}

export class E2EService {
  private limits: KeyDirectoryLimits | undefined;

  /** Without `limiters` (tests of the store alone) nothing is limited. */
  constructor(
    private db: Db,
    private realtime: RealtimePublisher,
    private log: Logger,
    limiters?: LimiterFactory,
  ) {
    this.limits = limiters && {
      claims: new UserLimit(limiters, USER_LIMITS.keyPackageClaims, log),
      perPair: new UserLimit(limiters, USER_LIMITS.keyPackagesPerPair, log),
      perTarget: new UserLimit(limiters, USER_LIMITS.keyPackagesPerTarget, log),
      uploads: new UserLimit(limiters, USER_LIMITS.keyPackageUploads, log),
      commits: new UserLimit(limiters, USER_LIMITS.e2eCommits, log, { retryAfterWindow: true }),
    };
  }

  async upload(caller: Caller, body: UploadKeyPackagesRequest): Promise<number> {
    await this.limits?.uploads.hit(caller.sessionId);
    return store.addKeyPackages(this.db, caller.id, caller.sessionId, body.key_packages, body.last_resort);
  }

  count(caller: Caller): Promise<number> {
    return store.countKeyPackages(this.db, caller.sessionId);
  }

  async claim(caller: Caller, userIds: string[]): Promise<ClaimKeyPackagesResponse> {
    await this.limits?.claims.hit(caller.id);
    const allowed = await store.usersSharingASpace(this.db, caller.id, claimableUsers(userIds));
    const rows = await store.claimKeyPackages(this.db, allowed, caller.sessionId, await this.oneTimeBudget(caller.id, allowed));
    return { key_packages: rows.map((r) => ({ user_id: r.user_id, device_id: r.device_id, key_package: r.key_package })) };
  }

  async group(caller: Caller, channelId: string): Promise<GroupStateResponse> {
    await this.channelOf(caller, channelId);
    const g = await store.findGroup(this.db, channelId);
    return { epoch: g?.epoch ?? 0, group_info: g?.group_info ?? null };
  }

  async commit(caller: Caller, channelId: string, body: CommitRequest): Promise<CommitOutcome> {
    // Counted before the epoch is compared, so a loop of stale commits costs its tries as well.
    await this.limits?.commits.hit(`${caller.id}:${channelId}`);
    const spaceId = await this.channelOf(caller, channelId);
    const won = await store.advanceGroup(this.db, {
      channelId,
      epoch: body.epoch,
      commit: body.commit,
      groupInfo: body.group_info,
      senderDeviceId: caller.sessionId,
    });
    if (!won) {
      // Another commit took this epoch (or the posted one is not the current one at all): tell the current one.
      return { accepted: false, epoch: (await store.findGroup(this.db, channelId))?.epoch ?? 0 };
    }
    const epoch = body.epoch + 1;
    await this.fanOut(spaceId, channelId, epoch, caller.sessionId, body);
    return { accepted: true, epoch };
  }

  async commits(caller: Caller, channelId: string, since: number, limit: number): Promise<CommitList> {
    await this.channelOf(caller, channelId);
    const rows = await store.listCommits(this.db, channelId, since, limit);
    return {
      commits: rows.map((r) => ({
        epoch: Number(r.epoch),
        commit: r.commit,
        sender_device_id: r.sender_device_id,
        created_at: r.created_at.toISOString(),
      })),
    };
  }

  /**
   * Of `targets`, those whose one-time packages this claim may take: within the claimer's budget for that target
   * and the target's own budget (counted here, before the claim). The others get their last-resort package, so a
   * claimer — or many — cannot drain a member's one-time packages.
   */
  private async oneTimeBudget(claimerId: string, targets: string[]): Promise<string[]> {
    const limits = this.limits;
    if (!limits) return targets;
    const ok = await Promise.all(
      targets.map(async (t) => (await limits.perPair.within(`${claimerId}:${t}`)) && (await limits.perTarget.within(t))),
    );
    return targets.filter((_, i) => ok[i]);
  }

  /** The Welcomes kept for the caller's device, newest first, a page at a time; each answered once. */
  async claimWelcomes(caller: Caller): Promise<StoredWelcome[]> {
    const rows = await store.claimWelcomes(this.db, caller.sessionId);
    return rows.map((r) => ({
      channel_id: r.channel_id,
      epoch: Number(r.epoch),
      welcome: r.welcome,
      created_at: r.created_at.toISOString(),
    }));
  }

  /** Drops the packages of revoked device sessions (they must never be handed out; claims filter them anyway). */
  async sessionsRevoked(deviceIds: string[]): Promise<void> {
    await store.dropKeyPackages(this.db, deviceIds);
  }

  /** The channel's space, when the caller is a member of it; 404 otherwise (a foreign channel is not known). */
  private async channelOf(caller: Caller, channelId: string): Promise<string> {
    const spaceId = await store.channelSpace(this.db, channelId);
    if (!spaceId || !(await findMembership(this.db, spaceId, caller.id))) throw notFound(CHANNEL_NOT_FOUND);
    return spaceId;
  }

  private async fanOut(spaceId: string, channelId: string, epoch: number, senderDeviceId: string, body: CommitRequest): Promise<void> {
    // The commit is stored and ordered: a delivery failure must not fail the request (clients catch up with GET commits).
    const warn = (what: string) => (err: unknown) =>
      this.log.warn({ err: (err as Error).message, what, channel_id: channelId, epoch }, "e2e fan-out failed");
    const commitFrame: Frame = { type: "e2e:commit", channel_id: channelId, epoch, commit: body.commit, sender_device_id: senderDeviceId };
    const sends: Promise<void>[] = [this.realtime.toSpace(spaceId, channelId, commitFrame).catch(warn("commit"))];
    if (body.welcome) {
      const devices = await store.memberDevices(this.db, spaceId, welcomeRecipients(body.welcome_device_ids));
      // Kept first, so a device offline now (or whose socket drops the frame) still joins by it when it connects.
      await store
        .storeWelcome(
          this.db,
          channelId,
          epoch,
          body.welcome,
          devices.map((d) => d.device_id),
        )
        .catch(warn("store welcome"));
      const welcomeFrame: Frame = { type: "e2e:welcome", channel_id: channelId, epoch, welcome: body.welcome };
      sends.push(this.realtime.toDevices(devices, welcomeFrame).catch(warn("welcome")));
    }
    await Promise.all(sends);
  }
}
