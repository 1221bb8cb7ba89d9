// A tiny typed in-process hub for space domain events. Emitted only after the transaction that made the change
// has committed, so a subscriber never hears of something that was rolled back. Later features subscribe here
// (webhook events, service messages, e2e membership frames) instead of the spaces code calling them.
import type { Knex } from "knex";
import type { Logger } from "../../platform/logger.ts";
import type { Role } from "./rules.ts";

export interface MemberJoined {
  type: "member.joined";
  spaceId: string;
  userId: string;
  memberId: string;
  role: Role;
  /** How the user got in: direct join of a public space, an invite code, an approved join request, a bot install. */
  via: "join" | "invite" | "request" | "create" | "install";
  at: Date;
  /** The webhook deliveries of this event, already written in the change's transaction (see MemberEventOutbox). */
  outbox?: string[];
}

export interface MemberLeft {
  type: "member.left";
  spaceId: string;
  userId: string;
  memberId: string;
  reason: "left" | "kicked";
  /** Who kicked or uninstalled (null when the member left by itself). */
  actorId: string | null;
  at: Date;
  /** The webhook deliveries of this event, already written in the change's transaction (see MemberEventOutbox). */
  outbox?: string[];
  /**
   * A kick's effect on a bot's install, already written in the kick's transaction (see BotKicks): the
   * bot.uninstalled deliveries to queue, or null when the member was no installed bot.
   */
  uninstalled?: string[] | null;
}

interface SpaceDeleted {
  type: "space.deleted";
  spaceId: string;
  actorId: string;
  /** The members at the moment of deletion (the rows are gone by the time subscribers run). */
  memberUserIds: string[];
  at: Date;
}

/**
 * Writes a member event's webhook deliveries inside the transaction of the change (the outbox), so a crash
 * between commit and queueing loses none. `prepare` finds the bots that must hear of `type` about `userId`
 * before the transaction opens (nothing is read inside it); `record`, called in the change's transaction,
 * writes their deliveries and answers the ids. A change that used it emits the event with `outbox` set; the
 * webhook forwarding then only queues those ids. Changes that emit without it get theirs written after commit.
 */
export interface MemberEventOutbox {
  prepare(spaceId: string, type: "member.joined" | "member.left", userId: string): Promise<MemberEventDeliveries>;
}

interface MemberEventDeliveries {
  /** False when no bot listens: a change that is one statement then needs no transaction for the outbox. */
  listened: boolean;
  record(trx: Knex, event: MemberJoined | MemberLeft): Promise<string[]>;
}

/** A kicked member that is a bot loses its install too, in the kick's transaction (installs provides it). */
export interface BotKicks {
  /** Revokes a live install of the kicked member and writes its bot.uninstalled deliveries; null when none. */
  revokeKicked(trx: Knex, event: MemberLeft): Promise<string[] | null>;
}

export type SpaceEvent = MemberJoined | MemberLeft | SpaceDeleted;
export type SpaceEventType = SpaceEvent["type"];
type Handler<T extends SpaceEventType> = (event: Extract<SpaceEvent, { type: T }>) => void | Promise<void>;
type AnyHandler = (event: SpaceEvent) => void | Promise<void>;

export class SpaceEvents {
  private handlers = new Map<SpaceEventType, AnyHandler[]>();

  constructor(private log?: Logger) {}

  /** Returns a function that removes the handler. */
  on<T extends SpaceEventType>(type: T, handler: Handler<T>): () => void {
    const list = this.handlers.get(type) ?? [];
    const h = handler as unknown as AnyHandler;
    list.push(h);
    this.handlers.set(type, list);
    return () => {
      const i = list.indexOf(h);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /**
   * Runs every handler of the event's type and waits for them. A failing handler is logged and never fails the
   * request that caused the event: the change it reports has already committed.
   */
  async emit(event: SpaceEvent): Promise<void> {
    const list = [...(this.handlers.get(event.type) ?? [])];
    const results = await Promise.allSettled(list.map(async (h) => h(event)));
    for (const r of results) {
      if (r.status === "rejected")
        this.log?.error({ err: r.reason, event: event.type, spaceId: event.spaceId }, "space event handler failed");
    }
  }
}
