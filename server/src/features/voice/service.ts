// Voice joins: who may join which channel with which publish right, and the
// `voice.joined` event to the bots that see the channel.
import type { Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import type { LimiterFactory } from "../../platform/limiter.ts";
import { badRequest } from "../../platform/errors.ts";
import type { BotPrincipal } from "../bots/index.ts";
import type { InstallResolver } from "../installs/index.ts";
import { isMuted, requireChannel, requireMembership, type Channel } from "../spaces/index.ts";
import type { ChannelEvents } from "../plain-messages/index.ts";
import { UserLimit, USER_LIMITS } from "../ratelimits/index.ts";
import { voiceCredentials, type LiveKitConfig, type PublishRight, type VoiceJoinResponse } from "./credentials.ts";

const requireVoice = (c: Channel): void => {
  if (c.type !== "voice") throw badRequest("not a voice channel");
};

export class VoiceService {
  private joins: UserLimit | undefined;

  /** `limiters`: member voice-join loops per (user, space) (docs/limits.md); bots have the bot API's limits. */
  constructor(
    private db: Db,
    private livekit: LiveKitConfig,
    private installs: InstallResolver,
    private events: ChannelEvents,
    private clock: Clock,
    limiters?: LimiterFactory,
  ) {
    this.joins = limiters && new UserLimit(limiters, USER_LIMITS.voiceJoins);
  }

  /** A member; 404 when not a member or the channel is not in the space. A muted member may only listen. */
  async memberJoin(userId: string, spaceId: string, channelId: string): Promise<VoiceJoinResponse> {
    const member = await requireMembership(this.db, spaceId, userId);
    requireVoice(await requireChannel(this.db, spaceId, channelId));
    await this.joins?.hit(`${userId}:${spaceId}`);
    return this.join(userId, false, spaceId, channelId, isMuted(member, this.clock.now()) ? "none" : "any");
  }

  /** A bot needs the channel allowed (no scope is named for voice); it publishes the microphone only. */
  async botJoin(bot: BotPrincipal, spaceId: string, channelId: string): Promise<VoiceJoinResponse> {
    await this.installs.resolveBotInSpace(bot, spaceId, { channelId });
    requireVoice(await requireChannel(this.db, spaceId, channelId));
    return this.join(bot.id, true, spaceId, channelId, "microphone");
  }

  private async join(
    userId: string,
    isBot: boolean,
    spaceId: string,
    channelId: string,
    publish: PublishRight,
  ): Promise<VoiceJoinResponse> {
    const creds = await voiceCredentials(this.livekit, userId, spaceId, channelId, publish);
    await this.events.publish(spaceId, channelId, {
      type: "voice.joined",
      spaceId,
      data: {
        channel_id: channelId,
        user_id: userId,
        is_bot: isBot,
        room: creds.room,
        joined_at: new Date(this.clock.now()).toISOString(),
      },
    });
    return creds;
  }
}
