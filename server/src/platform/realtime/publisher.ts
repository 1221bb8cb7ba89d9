// How features send realtime frames. They never touch sockets: they publish on the pub/sub seam,
// and every server process's gateway delivers to the sockets it holds. Frames are JSON objects with `type`.
import type { components } from "../../../../generated/api.d.ts";
import type { PubSub } from "../pubsub.ts";

/** A frame for clients: one of the server frames spec/realtime declares. */
export type Frame = components["schemas"]["Realtime.ServerFrame"];

/** Pub/sub channel names shared by the publisher and the gateway. */
export const RT = {
  user: (userId: string) => `rt:user:${userId}`,
  space: (spaceId: string) => `rt:space:${spaceId}`,
} as const;

/**
 * Frames on a user channel whose type starts with this prefix are for the gateways, never for clients.
 * `rt:membership` tells the processes holding a user's sockets that the user joined or left a space, so they
 * start or stop hearing that space's channel (the member's own process may not be subscribed to it yet).
 */
export const CONTROL_PREFIX = "rt:";

export interface MembershipControl {
  type: "rt:membership";
  space_id: string;
  change: "joined" | "left";
}

/**
 * A frame for some device sessions (= MLS clients) of a user: it travels on the user's channel as a control
 * message, and each gateway hands the inner frame only to that user's sockets authenticated with one of `device_ids`.
 */
export interface DeviceEnvelope {
  type: "rt:device";
  device_ids: string[];
  frame: Frame;
}

/** The user a space frame says joined or left the space (member and e2e membership frames), if any. */
export function membershipSubject(frame: Frame): { userId: string; change: "joined" | "left" } | null {
  switch (frame.type) {
    case "member:joined":
      return { userId: frame.user_id, change: "joined" };
    case "member:left":
      return { userId: frame.user_id, change: "left" };
    case "e2e:membership": {
      const f = frame;
      return { userId: f.user_id, change: f.change === "joined" ? "joined" : "left" };
    }
    default:
      return null;
  }
}

/** What travels on a space channel: the frame, and the channel it concerns (null: the whole space). */
interface SpaceEnvelope {
  channelId: string | null;
  /** A user whose connections skip this frame (the subject of a presence update, who has its own). */
  except?: string;
  /**
   * Presence in a large space: only the connections that subscribed to this user's presence in the space
   * (`presence:subscribe`) get the frame, instead of every member's.
   */
  only?: string;
  frame: Frame;
}

export class RealtimePublisher {
  constructor(private pubsub: PubSub) {}

  /** To every connection of one user, on any process. */
  async toUser(userId: string, frame: Frame): Promise<void> {
    await this.pubsub.publish(RT.user(userId), JSON.stringify(frame));
  }

  /**
   * An ephemeral reply to one user (`interaction:response`): the user's connections on this process get it at
   * once, without the round trip through Redis, the others as always. Its place among the user's other frames
   * does not matter, so no process needs to see it in Redis's order.
   */
  async replyToUser(userId: string, frame: Frame): Promise<void> {
    await this.pubsub.publish(RT.user(userId), JSON.stringify(frame), { localFirst: true });
  }

  async toUsers(userIds: Iterable<string>, frame: Frame): Promise<void> {
    const text = JSON.stringify(frame);
    await Promise.all([...new Set(userIds)].map((id) => this.pubsub.publish(RT.user(id), text)));
  }

  /**
   * To the connections authenticated with one of `devices`' sessions, on any process: one message per user, however
   * many of their devices it names (a Welcome names up to every device of a space, and may be large).
   */
  async toDevices(devices: { user_id: string; device_id: string }[], frame: Frame): Promise<void> {
    const byUser = new Map<string, string[]>();
    for (const d of devices) byUser.set(d.user_id, [...(byUser.get(d.user_id) ?? []), d.device_id]);
    const text = JSON.stringify(frame);
    await Promise.all(
      [...byUser].map(([userId, ids]) =>
        this.pubsub.publish(RT.user(userId), `{"type":"rt:device","device_ids":${JSON.stringify(ids)},"frame":${text}}`),
      ),
    );
  }

  /** To every connected member of a space who can see `channelId` (all members when null). */
  async toSpace(
    spaceId: string,
    channelId: string | null,
    frame: Frame,
    opts: { exceptUserId?: string; onlySubscribersOf?: string } = {},
  ): Promise<void> {
    // Key order matters: the gateway slices the frame's text out of the envelope without re-serialising it. An
    // absent `except` or `only` is undefined, which JSON leaves out.
    const env: SpaceEnvelope = { channelId, except: opts.exceptUserId, only: opts.onlySubscribersOf, frame };
    const published = this.pubsub.publish(RT.space(spaceId), JSON.stringify(env));
    const membership = membershipSubject(frame);
    if (!membership) return void (await published);
    await Promise.all([published, this.membershipChanged(membership.userId, spaceId, membership.change)]);
  }

  /**
   * Tells the gateways holding `userId`'s sockets that the user joined or left `spaceId`. `toSpace` does this
   * by itself for `member:joined` / `member:left` / `member:kicked` / `e2e:membership` frames naming a user.
   */
  async membershipChanged(userId: string, spaceId: string, change: "joined" | "left"): Promise<void> {
    const ctl: MembershipControl = { type: "rt:membership", space_id: spaceId, change };
    await this.pubsub.publish(RT.user(userId), JSON.stringify(ctl));
  }
}
