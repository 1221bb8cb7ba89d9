// How many channels one space may have (docs/limits.md#quotas).
import { badRequest } from "../../platform/errors.ts";

const CHANNELS_PER_SPACE = 500;
const CHANNEL_LIMIT_REACHED = `limit reached: ${CHANNELS_PER_SPACE} channels per space`;

/** Refuses one more channel for a space that has `existing`. */
export function checkChannelQuota(existing: number): void {
  if (existing >= CHANNELS_PER_SPACE) throw badRequest(CHANNEL_LIMIT_REACHED);
}
