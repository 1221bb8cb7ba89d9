// How many bots one account may own (docs/limits.md#quotas): every bot multiplies what its owner can send
// (webhooks, deliveries). Deleted bots do not count.
import { badRequest } from "../../platform/errors.ts";

const BOTS_PER_OWNER = 25;
const BOT_LIMIT_REACHED = `limit reached: ${BOTS_PER_OWNER} bots per account`;

/** Refuses one more bot for an owner who has `owned` live ones. */
export function checkBotQuota(owned: number): void {
  if (owned >= BOTS_PER_OWNER) throw badRequest(BOT_LIMIT_REACHED);
}
