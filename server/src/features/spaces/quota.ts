// How many spaces one account may own (docs/limits.md#quotas). Spaces count for their current owner; deleted
// spaces are gone and do not count.
import { badRequest } from "../../platform/errors.ts";

const SPACES_PER_OWNER = 100;
const SPACE_LIMIT_REACHED = `limit reached: ${SPACES_PER_OWNER} spaces per owner`;

/** Refuses one more space for an account that owns `owned`. */
export function checkSpaceQuota(owned: number): void {
  if (owned >= SPACES_PER_OWNER) throw badRequest(SPACE_LIMIT_REACHED);
}
