// Realtime frames (CONTRACT 5, spec 2.10). Server frames are JSON objects with a string `type`; the known ones
// are typed here, anything else arrives as an UnknownFrame so that a newer server never breaks an older client.
import type { components } from "../generated.ts";

type S = components["schemas"];

export interface ReadyFrame {
  type: "ready";
  user_id: string;
  /** This connection's id. */
  session_id: string;
}

export interface PongFrame {
  type: "pong";
}

/** The ephemeral reply of a bot to the caller's command invocation (spec 2.10); never stored. */
export interface InteractionResponseFrame {
  type: "interaction:response";
  interaction_id: string;
  channel_id: string;
  space_id: string;
  bot_user_id: string;
  content: string;
  ephemeral: true;
  is_bot: true;
}

export type MessageCreatedFrame = { type: "message:created" } & S["Chat.MessageResponse"];

export interface MessageDeletedFrame {
  type: "message:deleted";
  id: string;
  space_id: string;
  channel_id: string;
}

export interface ReactionAddedFrame {
  type: "reaction:added";
  message_id: string;
  channel_id: string;
  space_id: string;
  emoji: string;
  user_id: string;
}

export interface PresenceUpdateFrame {
  type: "presence:update";
  user_id: string;
  status: S["Users.PresenceStatus"];
  custom_status: string | null;
}

/** The answer to `presence:subscribe` (see RealtimeClient.subscribePresence). */
export interface PresenceSubscribedFrame {
  type: "presence:subscribed";
  space_id: string;
  /** Members of the space others see as anything but offline. */
  online_count: number;
  presences: { user_id: string; status: S["Users.PresenceStatus"]; custom_status: string | null }[];
}

/** The space was deleted; the connection no longer hears it. */
export interface SpaceDeletedFrame {
  type: "space:deleted";
  space_id: string;
}

export interface MemberJoinedFrame {
  type: "member:joined";
  space_id: string;
  user_id: string;
  member_id: string;
  role: S["SpaceRole"];
}

export interface MemberLeftFrame {
  type: "member:left";
  space_id: string;
  user_id: string;
  member_id: string;
  reason: "left" | "kicked";
}

/** The server's answer to a frame it could not use (CONTRACT 5). */
export interface ErrorFrame {
  type: "error";
  detail: string;
}

/** Every frame type this client knows, by name. */
export interface KnownFrames {
  ready: ReadyFrame;
  pong: PongFrame;
  "interaction:response": InteractionResponseFrame;
  "message:created": MessageCreatedFrame;
  "message:deleted": MessageDeletedFrame;
  "reaction:added": ReactionAddedFrame;
  "presence:update": PresenceUpdateFrame;
  "presence:subscribed": PresenceSubscribedFrame;
  "space:deleted": SpaceDeletedFrame;
  "member:joined": MemberJoinedFrame;
  "member:left": MemberLeftFrame;
  error: ErrorFrame;
}

export type KnownFrame = KnownFrames[keyof KnownFrames];

/** A frame of a type this version of the client does not know (e.g. `e2e:commit`). */
export interface UnknownFrame {
  type: string;
  [key: string]: unknown;
}

export type ServerFrame = KnownFrame | UnknownFrame;

/** Narrows a frame to a known type: `if (isFrame(f, "interaction:response")) f.content`. */
export function isFrame<K extends keyof KnownFrames>(frame: ServerFrame, type: K): frame is KnownFrames[K] {
  return frame.type === type;
}

/** Parses a text frame; null for anything that is not a JSON object with a string `type`. */
export function parseFrame(text: string): ServerFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  return typeof (value as { type?: unknown }).type === "string" ? (value as ServerFrame) : null;
}
