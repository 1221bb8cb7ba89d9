// The presence rules of CONTRACT 3 as one pure function over stored facts, so the status is computed at read time.
export type PresenceStatus = "online" | "idle" | "dnd" | "invisible" | "offline";

export const IDLE_AFTER_MS = 5 * 60_000;
export const OFFLINE_AFTER_DISCONNECT_MS = 60_000;

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

export function effectiveStatus(f: PresenceFacts, now: number): PresenceStatus {
  const active = f.lastActiveAt ?? -Infinity;
  // An explicit offline holds until the user shows activity again.
  if (f.chosen?.status === "offline" && active <= f.chosen.at) return "offline";
  const connected = f.connections > 0;
  if (!connected) {
    if (f.lastActiveAt === null && f.leftAt === null) return "offline"; // never seen
    if (f.leftAt !== null && now - f.leftAt >= OFFLINE_AFTER_DISCONNECT_MS && active <= f.leftAt) return "offline";
  }
  const chosen = f.chosen?.status;
  if (chosen === "dnd" || chosen === "invisible" || chosen === "idle") return chosen;
  if (!connected && now - Math.max(active, f.leftAt ?? -Infinity) >= IDLE_AFTER_MS) return "idle";
  return "online";
}

/** What someone else sees: invisible and hidden presence read as offline, without a custom status. */
export function publicView(status: PresenceStatus, custom: string | null, hidden: boolean): { status: PresenceStatus; custom_status: string | null } {
  if (status === "invisible" || status === "offline" || hidden) return { status: "offline", custom_status: null };
  return { status, custom_status: custom };
}
