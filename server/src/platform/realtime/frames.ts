// Client frames (spec/realtime/frames.tsp): JSON objects with a string `type`. Anything else is named in one sentence,
// which the gateway sends back as `{"type":"error","detail"}`.
import type { RawData } from "ws";
import { canonicalUuid } from "../ids.ts";

interface ClientFrame {
  type: string;
  [key: string]: unknown;
}

export type Parsed = { frame: ClientFrame } | { error: string };

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}

export function parseClientFrame(data: RawData, isBinary: boolean): Parsed {
  if (isBinary) return { error: "frames must be JSON text" };
  let value: unknown;
  try {
    value = JSON.parse(text(data));
  } catch {
    return { error: "frame is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { error: "frame must be a JSON object" };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !type) return { error: "frame needs a string type" };
  return { frame: value as ClientFrame };
}

/** Members a presence subscription covers at most, per connection and space. */
const MAX_PRESENCE_SUBJECTS = 100;

/** What `presence:subscribe` asks for: listed users, or positions `[first, last]` (from 0) of the member list. */
export type PresenceSelection = { userIds: string[] } | { range: [number, number] };

/**
 * `{"type":"presence:subscribe","space_id","user_ids":[…]}` or `{…,"range":[first,last]}` (at most 100 members
 * either way; an empty `user_ids` ends the subscription). Anything else is named in one sentence.
 */
export function parsePresenceSubscribe(frame: {
  [key: string]: unknown;
}): { spaceId: string; selection: PresenceSelection } | { error: string } {
  const spaceId = canonicalUuid(frame.space_id);
  if (!spaceId) return { error: "presence:subscribe needs a space_id" };
  const { user_ids: ids, range } = frame;
  if ((ids === undefined) === (range === undefined)) return { error: "presence:subscribe needs user_ids or range" };
  if (ids !== undefined) {
    if (!Array.isArray(ids) || ids.length > MAX_PRESENCE_SUBJECTS)
      return { error: `user_ids must be an array of at most ${MAX_PRESENCE_SUBJECTS} user ids` };
    const userIds = ids.map(canonicalUuid);
    if (userIds.some((id) => id === undefined)) return { error: `user_ids must be an array of at most ${MAX_PRESENCE_SUBJECTS} user ids` };
    return { spaceId, selection: { userIds: [...new Set(userIds as string[])] } };
  }
  const ok =
    Array.isArray(range) &&
    range.length === 2 &&
    range.every((n) => Number.isInteger(n) && n >= 0) &&
    range[0] <= range[1] &&
    range[1] - range[0] < MAX_PRESENCE_SUBJECTS;
  if (!ok) return { error: `range must be [first, last] with 0 <= first <= last and at most ${MAX_PRESENCE_SUBJECTS} members` };
  return { spaceId, selection: { range: [range[0] as number, range[1] as number] } };
}
