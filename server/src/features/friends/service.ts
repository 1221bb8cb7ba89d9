// Friends: requests with accept-by-asking-back, the list, pending requests, removal.
import { inTransaction, type Db } from "../../platform/db.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { toUserResponse, type UserResponse } from "../users/index.ts";
import { allowRequest, notSelf } from "./rules.ts";
import * as store from "./store.ts";

export class FriendsService {
  constructor(private db: Db) {}

  async add(me: string, username: string): Promise<"friend request sent" | "friend added"> {
    const target = await store.findByUsername(this.db, username);
    if (!target) throw notFound("user not found");
    notSelf(me, target.id);
    const outcome = await inTransaction(this.db, async (trx) => {
      await store.lockPair(trx, me, target.id);
      const mine = await store.stateOf(trx, me, target.id);
      if (mine === "accepted") throw conflict("already friends");
      if ((await store.stateOf(trx, target.id, me)) === "pending") {
        await store.accept(trx, me, target.id);
        return "friend added" as const;
      }
      await allowRequest(target.policy, () => store.shareFriend(trx, me, target.id));
      await store.request(trx, me, target.id);
      return "friend request sent" as const;
    });
    return outcome;
  }

  async list(me: string): Promise<UserResponse[]> {
    return (await store.friendsOf(this.db, me)).map((u) => toUserResponse(u, false));
  }

  async requests(me: string): Promise<{ incoming: UserResponse[]; outgoing: UserResponse[] }> {
    const [inc, out] = await Promise.all([store.incoming(this.db, me), store.outgoing(this.db, me)]);
    return { incoming: inc.map((u) => toUserResponse(u, false)), outgoing: out.map((u) => toUserResponse(u, false)) };
  }

  async remove(me: string, other: string): Promise<void> {
    if ((await store.removeEither(this.db, me, other)) === 0) throw notFound("friend not found");
  }
}
