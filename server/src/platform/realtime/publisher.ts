// How features send realtime frames (CONTRACT 5). They never touch sockets: they publish on the pub/sub seam,
// and every server process's gateway delivers to the sockets it holds. Frames are JSON objects with `type`.
import type { PubSub } from "../pubsub.ts";

export interface Frame {
  type: string;
  [key: string]: unknown;
}

/** Pub/sub channel names shared by the publisher and the gateway. */
export const RT = {
  user: (userId: string) => `rt:user:${userId}`,
  space: (spaceId: string) => `rt:space:${spaceId}`,
} as const;

/** What travels on a space channel: the frame, and the channel it concerns (null: the whole space). */
export interface SpaceEnvelope {
  channelId: string | null;
  frame: Frame;
}

export class RealtimePublisher {
  constructor(private pubsub: PubSub) {}

  /** To every connection of one user, on any process. */
  async toUser(userId: string, frame: Frame): Promise<void> {
    await this.pubsub.publish(RT.user(userId), JSON.stringify(frame));
  }

  async toUsers(userIds: Iterable<string>, frame: Frame): Promise<void> {
    const text = JSON.stringify(frame);
    await Promise.all([...new Set(userIds)].map((id) => this.pubsub.publish(RT.user(id), text)));
  }

  /** To every connected member of a space who can see `channelId` (all members when null). */
  async toSpace(spaceId: string, channelId: string | null, frame: Frame): Promise<void> {
    const env: SpaceEnvelope = { channelId, frame };
    await this.pubsub.publish(RT.space(spaceId), JSON.stringify(env));
  }
}
