// Realtime frames (CONTRACT 5 and 12, spec 2.10), as spec/realtime declares them: the generated types under
// friendly names. Anything the server sends that this version does not know arrives as an UnknownFrame, so that a
// newer server never breaks an older client.
import type { components } from "../generated.ts";

type S = components["schemas"];

// server → client
export type ReadyFrame = S["Realtime.ReadyFrame"];
export type PongFrame = S["Realtime.PongFrame"];
/** The server's answer to a frame it could not use (CONTRACT 5). */
export type ErrorFrame = S["Realtime.ErrorFrame"];
/** The ephemeral reply of a bot to the caller's command invocation (spec 2.10); never stored. */
export type InteractionResponseFrame = S["Realtime.InteractionResponseFrame"];
export type MessageCreatedFrame = S["Realtime.MessageCreatedFrame"];
export type MessageDeletedFrame = S["Realtime.MessageDeletedFrame"];
export type ReactionAddedFrame = S["Realtime.ReactionAddedFrame"];
export type PresenceUpdateFrame = S["Realtime.PresenceUpdateFrame"];
/** The answer to `presence:subscribe` (see RealtimeClient.subscribePresence). */
export type PresenceSubscribedFrame = S["Realtime.PresenceSubscribedFrame"];
/** The space was deleted; the connection no longer hears it. */
export type SpaceDeletedFrame = S["Realtime.SpaceDeletedFrame"];
export type MemberJoinedFrame = S["Realtime.MemberJoinedFrame"];
export type MemberLeftFrame = S["Realtime.MemberLeftFrame"];
export type E2eCommitFrame = S["Realtime.E2eCommitFrame"];
export type E2eWelcomeFrame = S["Realtime.E2eWelcomeFrame"];
export type E2eMembershipFrame = S["Realtime.E2eMembershipFrame"];

// client → server
export type AuthFrame = S["Realtime.AuthFrame"];
export type PingFrame = S["Realtime.PingFrame"];
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
