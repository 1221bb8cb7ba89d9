// How many webhooks one bot may have (docs/limits.md#quotas): each one receives a delivery of every event the
// bot hears, so one send would otherwise fan out without bound.
import { badRequest } from "../../platform/errors.ts";

const WEBHOOKS_PER_BOT = 10;
const WEBHOOK_LIMIT_REACHED = `limit reached: ${WEBHOOKS_PER_BOT} webhooks per bot`;

/** Refuses one more webhook for a bot that has `existing` ones. */
export function checkWebhookQuota(existing: number): void {
  if (existing >= WEBHOOKS_PER_BOT) throw badRequest(WEBHOOK_LIMIT_REACHED);
}
