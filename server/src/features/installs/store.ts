// SQL of bot memberships (bot_installs) and the members row that makes a bot part of a space.
import type { Knex } from "knex";
import { newId } from "../../platform/ids.ts";
import type { Install, InstallState, Scope } from "./rules.ts";

interface InstallRow {
  space_id: string;
  bot_user_id: string;
  member_id: string;
  scopes: string[];
  allowed_channel_ids: string[];
  state: InstallState;
  created_at: Date;
}

const toInstall = (r: InstallRow): Install => ({
  spaceId: r.space_id,
  botUserId: r.bot_user_id,
  memberId: r.member_id,
  scopes: r.scopes as Scope[],
  allowedChannelIds: r.allowed_channel_ids,
  state: r.state,
  createdAt: r.created_at,
});

const COLUMNS = ["space_id", "bot_user_id", "member_id", "scopes", "allowed_channel_ids", "state", "created_at"];

/** One primary-key lookup; the hot path of every bot-API request in a space. */
export async function findInstall(db: Knex, botUserId: string, spaceId: string, forUpdate = false): Promise<Install | undefined> {
  const q = db("bot_installs").select(COLUMNS).where({ space_id: spaceId, bot_user_id: botUserId }).first<InstallRow | undefined>();
  const row = await (forUpdate ? q.forUpdate() : q);
  return row && toInstall(row);
}

/** Newest first; non-admins see only active memberships. */
export async function listInstalls(db: Knex, spaceId: string, all: boolean): Promise<Install[]> {
  const q = db("bot_installs").select<InstallRow[]>(COLUMNS).where({ space_id: spaceId });
  if (!all) q.where({ state: "ACTIVE" });
  return (
    await q.orderBy([
      { column: "created_at", order: "desc" },
      { column: "bot_user_id", order: "desc" },
    ])
  ).map(toInstall);
}

/** The bot to install: its owner and state, or undefined. */
export async function findBot(db: Knex, botUserId: string): Promise<{ owner_id: string; state: string } | undefined> {
  return db("bots").select("owner_id", "state").where({ user_id: botUserId }).first<{ owner_id: string; state: string } | undefined>();
}

export async function channelIdsOfSpace(db: Knex, spaceId: string): Promise<Set<string>> {
  return new Set((await db("channels").select<{ id: string }[]>("id").where({ space_id: spaceId })).map((r) => r.id));
}

/** Adds the bot as a plain member and keeps member_count exact, in the caller's transaction. */
export async function addMember(trx: Knex, spaceId: string, botUserId: string): Promise<string> {
  const id = newId();
  await trx("members").insert({ id, space_id: spaceId, user_id: botUserId, role: "member" });
  await trx("spaces").where({ id: spaceId }).increment("member_count", 1);
  return id;
}

/** True when the bot was a member (a kicked bot's install can be revoked with no member row left). */
export async function removeMember(trx: Knex, spaceId: string, botUserId: string): Promise<boolean> {
  const n = await trx("members").where({ space_id: spaceId, user_id: botUserId }).delete();
  if (n > 0) await trx("spaces").where({ id: spaceId }).decrement("member_count", n);
  return n > 0;
}

export async function insertInstall(
  trx: Knex,
  i: { spaceId: string; botUserId: string; memberId: string; scopes: Scope[]; allowedChannelIds: string[] },
): Promise<void> {
  await trx("bot_installs").insert({
    space_id: i.spaceId,
    bot_user_id: i.botUserId,
    member_id: i.memberId,
    scopes: i.scopes,
    allowed_channel_ids: i.allowedChannelIds,
    state: "ACTIVE",
  });
}

export async function updateInstall(
  trx: Knex,
  spaceId: string,
  botUserId: string,
  p: { memberId?: string; scopes?: Scope[]; allowedChannelIds?: string[]; state?: InstallState },
): Promise<void> {
  await trx("bot_installs").where({ space_id: spaceId, bot_user_id: botUserId }).update({
    member_id: p.memberId,
    scopes: p.scopes,
    allowed_channel_ids: p.allowedChannelIds,
    state: p.state,
    updated_at: trx.fn.now(),
  });
}

/** True when a live membership was revoked. */
export async function revokeIfLive(db: Knex, spaceId: string, botUserId: string): Promise<boolean> {
  const n = await db("bot_installs")
    .where({ space_id: spaceId, bot_user_id: botUserId })
    .whereNot({ state: "revoked" })
    .update({ state: "revoked", updated_at: db.fn.now() });
  return n > 0;
}

/** The ACTIVE memberships of a space with their channels: the space half of the cached audience (audience.ts). */
export async function activeInstallsOfSpace(db: Knex, spaceId: string): Promise<{ botUserId: string; allowedChannelIds: string[] }[]> {
  const rows = await db("bot_installs")
    .select<Pick<InstallRow, "bot_user_id" | "allowed_channel_ids">[]>("bot_user_id", "allowed_channel_ids")
    .where({ space_id: spaceId, state: "ACTIVE" });
  return rows.map((r) => ({ botUserId: r.bot_user_id, allowedChannelIds: r.allowed_channel_ids }));
}

/** A webhook as the audience keeps it: what `WebhookDispatcher.recordFor` needs, plus its event types. */
export interface AudienceHook {
  id: string;
  bot_user_id: string;
  state: "active" | "suspended";
  suspended_until: Date | null;
  events: string[];
}

type HookColumns = Omit<AudienceHook, "bot_user_id">;

/** A bot with one of its webhooks, or with none: the left join then fills the webhook's columns with nulls. */
type BotHookRow = { user_id: string; bot_state: string } & (HookColumns | Record<keyof HookColumns, null>);

/** Per bot: whether it is ACTIVE and all its webhooks (any state); the bot half of the cached audience. */
export async function webhooksOfBots(db: Knex, botIds: string[]): Promise<Map<string, { active: boolean; hooks: AudienceHook[] }>> {
  const rows = await db("bots as b")
    .leftJoin("webhooks as w", "w.bot_user_id", "b.user_id")
    .select<BotHookRow[]>("b.user_id", "b.state as bot_state", "w.id", "w.state", "w.suspended_until", "w.events")
    .whereIn("b.user_id", botIds);
  const out = new Map<string, { active: boolean; hooks: AudienceHook[] }>();
  for (const r of rows) {
    let bot = out.get(r.user_id);
    if (!bot) out.set(r.user_id, (bot = { active: r.bot_state === "ACTIVE", hooks: [] }));
    if (r.id) bot.hooks.push({ id: r.id, bot_user_id: r.user_id, state: r.state, suspended_until: r.suspended_until, events: r.events });
  }
  return out;
}
