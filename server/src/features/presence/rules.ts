// The presence rules (docs/realtime.md#presence) as one pure function over stored facts, so the status is computed at read time.
export type PresenceStatus = "online" | "idle" | "dnd" | "invisible" | "offline";

export const IDLE_AFTER_MS = 5 * 60_000;
export const OFFLINE_AFTER_DISCONNECT_MS = 60_000;

/** The two durations of presence (tests shrink them with PRESENCE_TIME_SCALE). */
export interface PresenceTimings {
  idleAfterMs: number;
  offlineAfterMs: number;
}

export const CONTRACT_TIMINGS: PresenceTimings = { idleAfterMs: IDLE_AFTER_MS, offlineAfterMs: OFFLINE_AFTER_DISCONNECT_MS };

/** What the Kv seam holds about one user; every time is epoch milliseconds from the injected Clock. */
export interface PresenceFacts {
  /** The status the user chose last, with its custom status and when it was chosen. */
  chosen: { status: PresenceStatus; custom: string | null; at: number } | null;
  lastActiveAt: number | null;
  connections: number;
  /** When the last realtime connection closed (null while connected or never connected). */
  leftAt: number | null;
  /** settings.privacy.show_presence is false. */
  hidden: boolean;
}

export function effectiveStatus(f: PresenceFacts, now: number, t: PresenceTimings = CONTRACT_TIMINGS): PresenceStatus {
  const active = f.lastActiveAt ?? -Infinity;
  // An explicit offline holds until the user shows activity again.
  if (f.chosen?.status === "offline" && active <= f.chosen.at) return "offline";
  const connected = f.connections > 0;
  if (!connected) {
    if (f.lastActiveAt === null && f.leftAt === null) return "offline"; // never seen
    if (f.leftAt !== null && now - f.leftAt >= t.offlineAfterMs && active <= f.leftAt) return "offline";
  }
  const chosen = f.chosen?.status;
  if (chosen === "dnd" || chosen === "invisible" || chosen === "idle") return chosen;
  if (!connected && now - Math.max(active, f.leftAt ?? -Infinity) >= t.idleAfterMs) return "idle";
  return "online";
}

/**
 * When the status would next change with time alone (idle after no activity, offline after the last connection),
 * or null if it will not: the service announces such transitions then, since no request causes them.
 */
export function nextTransitionAt(f: PresenceFacts, now: number, t: PresenceTimings = CONTRACT_TIMINGS): number | null {
  if (f.connections > 0) return null;
  const active = f.lastActiveAt ?? -Infinity;
  const candidates: number[] = [];
  if (f.leftAt !== null && active <= f.leftAt) candidates.push(f.leftAt + t.offlineAfterMs);
  const since = Math.max(active, f.leftAt ?? -Infinity);
  if (since > -Infinity) candidates.push(since + t.idleAfterMs);
  const next = candidates.filter((at) => at > now).sort((a, b) => a - b)[0];
  return next ?? null;
}

/**
 * Until when others see the user as anything but offline, as far as its facts tell (Infinity: until they change),
 * or null when they do not see it so now. The online count of a space counts its members whose time is not over.
 */
export function onlineUntil(f: PresenceFacts, now: number, t: PresenceTimings = CONTRACT_TIMINGS): number | null {
  if (publicView(effectiveStatus(f, now, t), null, f.hidden).status === "offline") return null;
  if (f.connections > 0) return Infinity;
  const active = f.lastActiveAt ?? -Infinity;
  return f.leftAt !== null && active <= f.leftAt ? f.leftAt + t.offlineAfterMs : Infinity;
}

/** What someone else sees: invisible and hidden presence read as offline, without a custom status. */
export function publicView(
  status: PresenceStatus,
  custom: string | null,
  hidden: boolean,
): { status: PresenceStatus; custom_status: string | null } {
  if (status === "invisible" || status === "offline" || hidden) return { status: "offline", custom_status: null };
  return { status, custom_status: custom };
}
