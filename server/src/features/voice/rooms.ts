// Moderation that reaches voice: a kick removes the member from the space's voice rooms, a mute takes their publish
// permission there, through LiveKit's RoomService (Twirp over HTTP at LIVEKIT_URL's http(s) form). The database
// change is what counts: LiveKit being slow, down or unaware of the participant is logged and never fails the kick
// or mute (a removed participant's saved token still expires within VOICE_TTL_SECONDS, and rejoining needs a new
// one, which a kicked or muted member does not get with publish rights).
import { RoomServiceClient } from "livekit-server-sdk";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import { roomName, type LiveKitConfig } from "./credentials.ts";

/** How long one RoomService call may take before it is given up (and logged). */
const CALL_TIMEOUT_SECONDS = 5;

/** What the members feature tells voice about moderation. Both return at once: the calls run on their own. */
export interface VoiceModeration {
  kicked(spaceId: string, userId: string): void;
  muted(spaceId: string, userId: string): void;
}

/** `ws://host` → `http://host`, `wss://` → `https://`: the RoomService answers on the same host as the signal. */
const roomServiceUrl = (url: string): string => url.replace(/^ws(s?):\/\//i, "http$1://");

export class VoiceRooms implements VoiceModeration {
  private client: RoomServiceClient;

  constructor(
    private db: Db,
    lk: LiveKitConfig,
    private log: Logger,
  ) {
    this.client = new RoomServiceClient(roomServiceUrl(lk.url), lk.apiKey, lk.apiSecret, {
      requestTimeout: CALL_TIMEOUT_SECONDS,
      failover: false,
    });
  }

  kicked(spaceId: string, userId: string): void {
    // Removed without asking first whether they are there: one call per room either way.
    void this.eachRoom(spaceId, userId, "remove", (room) => this.client.removeParticipant(room, userId));
  }

  muted(spaceId: string, userId: string): void {
    void this.eachRoom(spaceId, userId, "mute", (room) =>
      this.client.updateParticipant(room, userId, { permission: { canSubscribe: true, canPublish: false, canPublishData: false } }),
    );
  }

  private async eachRoom(spaceId: string, userId: string, what: string, call: (room: string) => Promise<unknown>): Promise<void> {
    let channels: string[];
    try {
      channels = (await this.db("channels").where({ space_id: spaceId, type: "voice" }).select("id")).map((r: { id: string }) => r.id);
    } catch (err) {
      this.log.warn({ err: (err as Error).message, what, space_id: spaceId }, "voice moderation: could not list voice channels");
      return;
    }
    await Promise.all(
      channels.map((channelId) =>
        call(roomName(spaceId, channelId)).catch((err: unknown) =>
          // A participant who is not in the room answers not_found: nothing to do there.
          this.log.warn(
            { err: (err as Error).message, what, space_id: spaceId, channel_id: channelId, user_id: userId },
            "voice moderation: LiveKit call failed",
          ),
        ),
      ),
    );
  }
}
