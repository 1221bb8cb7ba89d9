// UserSettingsSchema: defaults, and the whitelist that keeps unknown keys out of storage.
import type { components } from "../../../../generated/api.d.ts";

export type UserSettings = components["schemas"]["Users.UserSettingsSchema"];
export type UserSettingsUpdate = components["schemas"]["Users.UserSettingsUpdate"];

const DEFAULT_SETTINGS: UserSettings = {
  theme: "system",
  locale: "en",
  notifications: { mentions: true, direct_messages: true, sounds: true },
  privacy: { show_presence: true, friend_requests: "everyone" },
};

const TOP = ["theme", "locale"] as const;
const NESTED = {
  notifications: ["mentions", "direct_messages", "sounds"],
  privacy: ["show_presence", "friend_requests"],
} as const;

function pick(src: unknown, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (src && typeof src === "object")
    for (const k of keys) if ((src as Record<string, unknown>)[k] !== undefined) out[k] = (src as Record<string, unknown>)[k];
  return out;
}

/** Splits a PATCH body into known top-level values and known nested values; everything else is dropped. */
export function splitUpdate(body: UserSettingsUpdate): { top: Record<string, unknown>; nested: Record<string, Record<string, unknown>> } {
  const top = pick(body, TOP);
  const nested: Record<string, Record<string, unknown>> = {};
  for (const [key, keys] of Object.entries(NESTED)) {
    const part = pick((body as Record<string, unknown>)[key], keys);
    if (Object.keys(part).length) nested[key] = part;
  }
  return { top, nested };
}

/** Stored settings over the defaults, known keys only. */
export function withDefaults(stored: Record<string, unknown> | undefined): UserSettings {
  const s = stored ?? {};
  return {
    ...DEFAULT_SETTINGS,
    ...(pick(s, TOP) as Partial<UserSettings>),
    notifications: { ...DEFAULT_SETTINGS.notifications, ...pick(s.notifications, NESTED.notifications) },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...pick(s.privacy, NESTED.privacy) },
  };
}
