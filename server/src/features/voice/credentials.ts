// LiveKit access tokens: identity = the user id, room `<space_id>:<channel_id>`, 600 s.
import { AccessToken, TrackSource } from "livekit-server-sdk";
import type { components } from "../../../../generated/api.d.ts";

export type VoiceJoinResponse = components["schemas"]["Voice.VoiceJoinResponse"];

const VOICE_TTL_SECONDS = 600;

export interface LiveKitConfig {
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** What the participant may publish: bots the microphone only (no data), muted members nothing, others anything. */
export type PublishRight = "any" | "microphone" | "none";

export const roomName = (spaceId: string, channelId: string) => `${spaceId}:${channelId}`;

export async function voiceCredentials(
  lk: LiveKitConfig,
  userId: string,
  spaceId: string,
  channelId: string,
  publish: PublishRight,
): Promise<VoiceJoinResponse> {
  const room = roomName(spaceId, channelId);
  const token = new AccessToken(lk.apiKey, lk.apiSecret, { identity: userId, ttl: VOICE_TTL_SECONDS });
  token.addGrant({
    roomJoin: true,
    room,
    canSubscribe: true,
    canPublish: publish !== "none",
    // Data messages reach every participant: members who may speak only, never bots or muted members.
    canPublishData: publish === "any",
    ...(publish === "microphone" ? { canPublishSources: [TrackSource.MICROPHONE] } : {}),
  });
  return { token: await token.toJwt(), url: lk.url, room, ttl_seconds: VOICE_TTL_SECONDS };
}
