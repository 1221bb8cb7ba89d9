// Friend request rules that the schema cannot say.
import { badRequest, forbidden } from "../../platform/errors.ts";

const REQUESTS_CLOSED = "user does not accept friend requests";
const FRIENDS_OF_FRIENDS_ONLY = "user only accepts friend requests from friends of friends";

export function notSelf(me: string, target: string): void {
  if (me === target) throw badRequest("cannot add yourself as a friend");
}

/** The target's settings.privacy.friend_requests; `sharesFriend` is asked only when it matters. */
export async function allowRequest(policy: string | null, sharesFriend: () => Promise<boolean>): Promise<void> {
  if (policy === "nobody") throw forbidden(REQUESTS_CLOSED);
  if (policy === "friends_of_friends" && !(await sharesFriend())) throw forbidden(FRIENDS_OF_FRIENDS_ONLY);
}
