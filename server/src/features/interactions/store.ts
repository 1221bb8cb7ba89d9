// SQL of the invocation chain. Each request is one round trip of primary-key and unique-index lookups; the
// rows are read fresh, so a revoked install or a disabled command stops invocations at once. An invocation's
// checks and its deliveries are one statement when the deliveries could be built beforehand. The two statements
// of the chain's hot path are named prepared statements (platform/prepared.ts): parsed and planned once per
// connection, and no Knex query building per call.
import type { Knex } from "knex";
import { prepare } from "../../platform/prepared.ts";
import type { CommandOption } from "../commands/index.ts";
import { deliveryColumns, insertDeliveriesSql, type NewDelivery } from "../webhooks/index.ts";

/** Everything the invocation checks need; absent when the caller is not a member of the space. */
export interface InvocationFacts {
  mutedUntil: Date | null;
  channelInSpace: boolean;
  installState: string | null;
  scopes: string[] | null;
  channelAllowed: boolean | null;
  botState: string | null;
  command: { options: CommandOption[]; version: number; enabled: boolean } | null;
  /** The bot's webhooks subscribed to `command.invoked`: the audience, read in the same round trip. */
  hooks: { id: string; bot_user_id: string; state: "active" | "suspended"; suspended_until: Date | null }[];
  /** Those webhooks as `<id>:<state>,…` in id order: what `expected.hooksSig` is compared with. */
  hooksSig: string;
}

/**
 * The deliveries an invocation expects to write, and what it built them from: the command's version and options
 * and its audience's signature, as an earlier invocation read them. They are written (committed without waiting
 * for the WAL flush, as webhooks/store.ts insertDeliveries with `flush: false`) only if every invocation check
 * passes on the rows read by the same statement and those are still exactly what the deliveries were built from.
 */
export interface ExpectedDeliveries {
  version: number;
  optionsJson: string;
  hooksSig: string;
  rows: readonly NewDelivery[];
}

interface FactsRow {
  muted_until: Date | null;
  channel_in_space: boolean;
  install_state: string | null;
  scopes: string[] | null;
  channel_allowed: boolean | null;
  bot_state: string | null;
  options: CommandOption[] | null;
  version: number | null;
  enabled: boolean | null;
  hooks: { id: string; state: "active" | "suspended"; suspended_until: string | null }[];
  hooks_sig: string;
  accepted: boolean | null;
}

// The checks of `accepted` are rules.ts checkInvocation's, as SQL (invoke.test.ts: each refusal writes no row,
// with the deliveries' expectations in place). `ins` runs whether or not the result reads it (a data-modifying
// WITH always runs to completion); `f`, read twice, is computed once.
const FACTS = prepare<FactsRow>(
  "interactions.invocation_facts_insert",
  `WITH q AS (SELECT $1::uuid AS space_id, $2::uuid AS user_id, $3::uuid AS channel_id, $4::uuid AS bot_id, $5::text AS command,
                     $6::timestamptz AS now, $7::int AS version, $8::jsonb AS options, $9::text AS hooks_sig),
   f AS (
     SELECT m.muted_until,
            EXISTS (SELECT 1 FROM channels ch WHERE ch.id = q.channel_id AND ch.space_id = q.space_id) AS channel_in_space,
            i.state AS install_state, i.scopes, (q.channel_id = ANY (i.allowed_channel_ids)) AS channel_allowed,
            b.state AS bot_state,
            c.options, c.version, c.enabled, h.hooks, h.hooks_sig,
            (EXISTS (SELECT 1 FROM channels ch WHERE ch.id = q.channel_id AND ch.space_id = q.space_id)
              AND (m.muted_until IS NULL OR m.muted_until <= q.now)
              AND i.state = 'ACTIVE' AND b.state = 'ACTIVE'
              AND q.channel_id = ANY (i.allowed_channel_ids)
              AND 'commands' = ANY (i.scopes)
              AND c.enabled
              AND c.version = q.version AND c.options = q.options AND h.hooks_sig = q.hooks_sig) AS accepted
       FROM q
       JOIN members m ON m.space_id = q.space_id AND m.user_id = q.user_id
       LEFT JOIN bot_installs i ON i.space_id = q.space_id AND i.bot_user_id = q.bot_id
       LEFT JOIN bots b ON b.user_id = q.bot_id
       LEFT JOIN commands c ON c.bot_user_id = q.bot_id AND c.name = q.command
       CROSS JOIN LATERAL (
         SELECT coalesce(json_agg(json_build_object('id', w.id, 'state', w.state, 'suspended_until', w.suspended_until) ORDER BY w.id), '[]') AS hooks,
                coalesce(string_agg(w.id::text || ':' || w.state, ',' ORDER BY w.id), '') AS hooks_sig
           FROM webhooks w WHERE w.bot_user_id = q.bot_id AND 'command.invoked' = ANY (w.events)) h),
   ins AS (
     ${insertDeliveriesSql(10, "(SELECT accepted FROM f) AND set_config('synchronous_commit', 'off', true) IS NOT NULL")}
     RETURNING 1)
   SELECT * FROM f`,
);

/**
 * The facts of one invocation, in one round trip; with `expected`, also its deliveries, written only as
 * ExpectedDeliveries says (`written` tells whether they were; with no rows to write, whether they would have been).
 */
export async function invocationFacts(
  db: Knex,
  q: { userId: string; spaceId: string; channelId: string; botId: string; command: string; now: number },
  expected?: ExpectedDeliveries,
): Promise<{ facts: InvocationFacts | undefined; written: boolean }> {
  const rows = expected?.rows ?? [];
  const result = await FACTS.run(db, [
    q.spaceId,
    q.userId,
    q.channelId,
    q.botId,
    q.command,
    new Date(q.now),
    expected?.version ?? null,
    expected?.optionsJson ?? null,
    expected?.hooksSig ?? null,
    ...deliveryColumns(rows),
  ]);
  const r = result[0];
  if (!r) return { facts: undefined, written: false };
  const facts: InvocationFacts = {
    mutedUntil: r.muted_until,
    channelInSpace: r.channel_in_space,
    installState: r.install_state,
    scopes: r.scopes,
    channelAllowed: r.channel_allowed,
    botState: r.bot_state,
    command: r.version === null ? null : { options: r.options!, version: r.version, enabled: r.enabled! },
    hooks: r.hooks.map((h) => ({
      id: h.id,
      bot_user_id: q.botId,
      state: h.state,
      suspended_until: h.suspended_until === null ? null : new Date(h.suspended_until),
    })),
    hooksSig: r.hooks_sig,
  };
  return { facts, written: r.accepted === true };
}

const IS_MEMBER = prepare<{ one: number }>("interactions.is_member", "SELECT 1 AS one FROM members WHERE space_id = $1 AND user_id = $2");

/** Whether `userId` is a member of `spaceId` now (respond re-checks the invoker at reply time). */
export async function isMember(db: Knex, spaceId: string, userId: string): Promise<boolean> {
  return (await IS_MEMBER.run(db, [spaceId, userId])).length > 0;
}

export interface CatalogRow {
  bot_user_id: string;
  bot_username: string;
  bot_display_name: string | null;
  name: string;
  description: string;
  options: CommandOption[];
  version: number;
}

/** Without commands (or access) the query answers one row whose command columns are all null. */
type CatalogJoinRow = { ok: boolean } & (CatalogRow | Record<keyof CatalogRow, null>);

/**
 * The channel's catalog, or undefined when the caller is not a member or the channel is not in the space.
 * One query: the access check gates a lateral join of the commands.
 */
export async function catalog(db: Knex, q: { userId: string; spaceId: string; channelId: string }): Promise<CatalogRow[] | undefined> {
  const { rows } = await db.raw<{ rows: CatalogJoinRow[] }>(
    `SELECT a.ok, cmd.*
       FROM (SELECT EXISTS (SELECT 1 FROM members WHERE space_id = :spaceId AND user_id = :userId)
                AND EXISTS (SELECT 1 FROM channels WHERE id = :channelId AND space_id = :spaceId) AS ok) a
       LEFT JOIN LATERAL (
         SELECT u.id AS bot_user_id, u.username AS bot_username, u.display_name AS bot_display_name,
                c.name, c.description, c.options, c.version
           FROM bot_installs i
           JOIN bots b ON b.user_id = i.bot_user_id AND b.state = 'ACTIVE'
           JOIN users u ON u.id = i.bot_user_id
           JOIN commands c ON c.bot_user_id = i.bot_user_id AND c.enabled
          WHERE i.space_id = :spaceId AND i.state = 'ACTIVE'
            AND 'commands' = ANY (i.scopes) AND :channelId::uuid = ANY (i.allowed_channel_ids)
       ) cmd ON a.ok
      ORDER BY cmd.bot_username, cmd.name`,
    q,
  );
  if (!rows[0]?.ok) return undefined;
  return rows.filter((r): r is CatalogRow & { ok: boolean } => r.name !== null).map(({ ok: _ok, ...r }) => r);
}
