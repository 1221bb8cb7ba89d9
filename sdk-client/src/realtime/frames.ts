// Realtime frames, as spec/realtime declares them: the generated types under
// friendly names. Anything the server sends that this version does not know arrives as an UnknownFrame, so that a
// newer server never breaks an older client.
import type { components } from "../generated.ts";

type S = components["schemas"];

// server → client
/** The first frame after a successful `auth`: the user and this connection's session id. */
export type ReadyFrame = S["Realtime.ReadyFrame"];
/** The answer to a `ping`. */
export type PongFrame = S["Realtime.PongFrame"];
/** The server's answer to a frame it could not use. */
export type ErrorFrame = S["Realtime.ErrorFrame"];
/** The ephemeral reply of a bot to the caller's command invocation; never stored. */
export type InteractionResponseFrame = S["Realtime.InteractionResponseFrame"];
/** A message was posted in a channel the user can read. */
export type MessageCreatedFrame = S["Realtime.MessageCreatedFrame"];
/** A message was deleted. */
export type MessageDeletedFrame = S["Realtime.MessageDeletedFrame"];
/** A reaction was added to a message. */
export type ReactionAddedFrame = S["Realtime.ReactionAddedFrame"];
/** A member's presence changed. */
export type PresenceUpdateFrame = S["Realtime.PresenceUpdateFrame"];
/** The answer to `presence:subscribe` (see RealtimeClient.subscribePresence). */
export type PresenceSubscribedFrame = S["Realtime.PresenceSubscribedFrame"];
/** The space was deleted; the connection no longer hears it. */
export type SpaceDeletedFrame = S["Realtime.SpaceDeletedFrame"];
/** Someone joined a space of the user. */
export type MemberJoinedFrame = S["Realtime.MemberJoinedFrame"];
/** Someone left a space of the user. */
export type MemberLeftFrame = S["Realtime.MemberLeftFrame"];
/** An MLS commit of a channel group, to apply in epoch order. */
export type E2eCommitFrame = S["Realtime.E2eCommitFrame"];
/** An MLS Welcome for this device: it was added to a channel group. */
export type E2eWelcomeFrame = S["Realtime.E2eWelcomeFrame"];
/** A channel's membership changed: devices to add to or remove from its MLS group. */
export type E2eMembershipFrame = S["Realtime.E2eMembershipFrame"];

// client → server
/** The first frame a client sends: its access token. */
export type AuthFrame = S["Realtime.AuthFrame"];
/** A heartbeat; the server answers `pong`. */
export type PingFrame = S["Realtime.PingFrame"];
/** Asks for the presence of some members of a large space. */
export type PresenceSubscribeFrame = S["Realtime.PresenceSubscribeFrame"];
/** Every frame a client may send. */
export type ClientFrame = S["Realtime.ClientFrame"];

/** Every frame this client knows. */
export type KnownFrame = S["Realtime.ServerFrame"];

/** Every frame type this client knows, by name. */
export type KnownFrames = { [F in KnownFrame as F["type"]]: F };

/** A frame of a type this version of the client does not know. */
export interface UnknownFrame {
  type: string;
  [key: string]: unknown;
}

/** Every frame the server may send: a known one, or one this version does not know. */
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
