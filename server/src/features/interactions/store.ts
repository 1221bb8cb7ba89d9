// SQL of the invocation chain. Each request is one round trip of primary-key and unique-index lookups; the
// rows are read fresh, so a revoked install or a disabled command stops invocations at once.
import type { Knex } from "knex";
import type { CommandOption } from "../commands/index.ts";

/** Everything the CONTRACT 8 checks need; absent when the caller is not a member of the space. */
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
}

export async function invocationFacts(
  db: Knex,
  q: { userId: string; spaceId: string; channelId: string; botId: string; command: string },
): Promise<InvocationFacts | undefined> {
  const { rows } = await db.raw(
    `SELECT m.muted_until,
            EXISTS (SELECT 1 FROM channels ch WHERE ch.id = :channelId AND ch.space_id = :spaceId) AS channel_in_space,
            i.state AS install_state, i.scopes, (:channelId::uuid = ANY (i.allowed_channel_ids)) AS channel_allowed,
            b.state AS bot_state,
            c.options, c.version, c.enabled,
            (SELECT coalesce(json_agg(json_build_object('id', w.id, 'state', w.state, 'suspended_until', w.suspended_until)), '[]')
               FROM webhooks w WHERE w.bot_user_id = :botId AND 'command.invoked' = ANY (w.events)) AS hooks
       FROM members m
       LEFT JOIN bot_installs i ON i.space_id = :spaceId AND i.bot_user_id = :botId
       LEFT JOIN bots b ON b.user_id = :botId
       LEFT JOIN commands c ON c.bot_user_id = :botId AND c.name = :command
      WHERE m.space_id = :spaceId AND m.user_id = :userId`,
    q,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    mutedUntil: r.muted_until,
    channelInSpace: r.channel_in_space,
    installState: r.install_state,
    scopes: r.scopes,
    channelAllowed: r.channel_allowed,
    botState: r.bot_state,
    command: r.version === null ? null : { options: r.options, version: r.version, enabled: r.enabled },
    hooks: (r.hooks as { id: string; state: "active" | "suspended"; suspended_until: string | null }[]).map((h) => ({
      id: h.id,
      bot_user_id: q.botId,
      state: h.state,
      suspended_until: h.suspended_until === null ? null : new Date(h.suspended_until),
    })),
  };
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

/**
 * The channel's catalog, or undefined when the caller is not a member or the channel is not in the space.
 * One query: the access check gates a lateral join of the commands.
 */
export async function catalog(db: Knex, q: { userId: string; spaceId: string; channelId: string }): Promise<CatalogRow[] | undefined> {
  const { rows } = await db.raw(
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
  return rows.filter((r: { name: string | null }) => r.name !== null).map(({ ok: _ok, ...r }: CatalogRow & { ok: boolean }) => r);
}
