// The deletes of the retention job. Each removes rows that no longer serve anyone, oldest first, in batches so
// one statement never holds locks on a huge set; `days` is that kind's retention (docs/configuration.md).
import type { Knex } from "knex";

const BATCH = 5000;

/** A lost round: another process holds the round's lock. */
export const HELD_ELSEWHERE = -1;

/**
 * Runs `sql` (a DELETE of at most BATCH rows, with `?` for the days) until it deletes fewer; answers the total, or
 * HELD_ELSEWHERE when another process prunes. Each batch is its own transaction, so a round over millions of rows
 * never holds one transaction's locks, snapshot and dead rows for its whole length; the transaction-scoped
 * advisory lock each batch takes lets one process prune at a time.
 */
async function inBatches(db: Knex, sql: string, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (trx) => {
      const { rows } = await trx.raw<{ rows: { ok: boolean }[] }>("SELECT pg_try_advisory_xact_lock(hashtext('parley:retention')) AS ok");
      if (rows[0]?.ok !== true) return HELD_ELSEWHERE;
      return (await trx.raw<{ rowCount: number | null }>(sql, [days, BATCH])).rowCount ?? 0;
    });
    if (deleted === HELD_ELSEWHERE) return total > 0 ? total : HELD_ELSEWHERE;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Webhook deliveries finished (delivered, failed or skipped) more than `days` ago; pending ones always stay. */
export const pruneDeliveries = (db: Knex, days: number) =>
  inBatches(
    db,
    `DELETE FROM deliveries WHERE id IN (
       SELECT id FROM deliveries
        WHERE status <> 'pending' AND coalesce(finished_at, created_at) < now() - make_interval(days => ?)
        LIMIT ?)`,
    days,
  );

/** E-mail tokens used, or expired, more than `days` ago (an unused, unexpired one still works and stays). */
export const pruneEmailTokens = (db: Knex, days: number) =>
  inBatches(
    db,
    `DELETE FROM email_tokens WHERE hash IN (
       SELECT hash FROM email_tokens
        WHERE least(coalesce(used_at, 'infinity'), expires_at) < now() - make_interval(days => ?)
        LIMIT ?)`,
    days,
  );

/**
 * Refresh tokens rotated (used), expired, or of a session revoked, more than `days` ago. Reuse detection
 * (a rotated token presented again revokes its session) needs a rotated token only while it could still be presented: with the default 30 days, as long
 * as a refresh token lives.
 */
export const pruneRefreshTokens = (db: Knex, days: number) =>
  inBatches(
    db,
    `DELETE FROM refresh_tokens WHERE hash IN (
       SELECT r.hash FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id
        WHERE least(coalesce(r.used_at, 'infinity'), r.expires_at, coalesce(s.revoked_at, 'infinity'))
              < now() - make_interval(days => ?)
        LIMIT ?)`,
    days,
  );

/**
 * MLS commits older than `days`: a device that was away longer rejoins its groups by external commit (the
 * channel's GroupInfo is kept in e2e_groups) instead of replaying them.
 */
export const pruneE2ECommits = (db: Knex, days: number) =>
  inBatches(
    db,
    `DELETE FROM e2e_commits WHERE (channel_id, epoch) IN (
       SELECT channel_id, epoch FROM e2e_commits WHERE created_at < now() - make_interval(days => ?) LIMIT ?)`,
    days,
  );

/** Welcomes never claimed within their TTL (30 days). */
export const pruneWelcomes = (db: Knex, days: number) =>
  inBatches(
    db,
    `DELETE FROM e2e_welcomes WHERE id IN (
       SELECT id FROM e2e_welcomes WHERE created_at < now() - make_interval(days => ?) LIMIT ?)`,
    days,
  );
