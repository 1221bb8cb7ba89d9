// Who may create spaces, bots and webhooks: registered accounts only. An anonymous account costs nothing to make,
// so whatever it could create would be limited per throw-away identity only.
import type { Db } from "../../platform/db.ts";
import { forbidden, unauthorized } from "../../platform/errors.ts";
import { lockAccount } from "./store.ts";

const REGISTER_FIRST = "register an account first";

/**
 * Inside the creating transaction: locks the creator's row, so parallel creates of one account run one after
 * another and a count of what it owns taken next is exact, and refuses an anonymous account.
 */
export async function lockCreator(trx: Db, userId: string): Promise<void> {
  const account = await lockAccount(trx, userId);
  // An authenticated caller whose account is gone: as any request without a valid session.
  if (!account) throw unauthorized();
  if (account.is_anonymous) throw forbidden(REGISTER_FIRST);
}
