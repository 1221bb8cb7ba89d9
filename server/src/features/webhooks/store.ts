// SQL of webhooks and their deliveries (the outbox).
import type { Knex } from "knex";
import { prepare } from "../../platform/prepared.ts";

export interface WebhookRow {
  id: string;
  bot_user_id: string;
  transport: "http" | "socket";
  /** null for a socket webhook, as is its secret. */
  url: string | null;
  events: string[];
  secret_enc: string | null;
  previous_secret_enc: string | null;
  previous_until: Date | null;
  state: "active" | "suspended";
  suspended_until: Date | null;
  consecutive_failures: number;
  failure_count: number;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  type: string;
  body: string;
  status: "pending" | "delivered" | "failed" | "skipped";
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
}

export async function botOwner(db: Knex, botId: string): Promise<string | undefined> {
  const bot = await db("bots")
    .select("owner_id")
    .where({ user_id: botId })
    .whereNot({ state: "deleted" })
    .first<{ owner_id: string } | undefined>();
  return bot?.owner_id;
}

/**
 * Locks the bot's row until the transaction ends (parallel creates for one bot queue here) and counts its
 * webhooks; undefined when the bot is gone or deleted.
 */
export async function lockedWebhookCount(db: Knex, botId: string): Promise<number | undefined> {
  const bot = await db("bots")
    .select("user_id")
    .where({ user_id: botId })
    .whereNot({ state: "deleted" })
    .forNoKeyUpdate()
    .first<{ user_id: string } | undefined>();
  if (!bot) return undefined;
  const row = await db("webhooks").where({ bot_user_id: botId }).count<{ n: string }[]>({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

export const listWebhooks = (db: Knex, botId: string): Promise<WebhookRow[]> =>
  db("webhooks").where({ bot_user_id: botId }).orderBy("id", "desc");

export const findWebhook = (db: Knex, botId: string, id: string): Promise<WebhookRow | undefined> =>
  db("webhooks").where({ bot_user_id: botId, id }).first();

export async function insertWebhook(db: Knex, row: Partial<WebhookRow>): Promise<WebhookRow> {
  const [w] = await db("webhooks")
    .insert({ ...row, events: row.events })
    .returning<WebhookRow[]>("*");
  return w!;
}

export async function updateWebhook(db: Knex, id: string, patch: Partial<WebhookRow>): Promise<WebhookRow | undefined> {
  const [w] = await db("webhooks").where({ id }).update(patch).returning<WebhookRow[]>("*");
  return w;
}

export const deleteWebhook = async (db: Knex, id: string) => (await db("webhooks").where({ id }).delete()) > 0;

/** Active webhooks of these bots subscribed to `type`, for bots that are not deleted or suspended. */
export function subscribers(
  db: Knex,
  type: string,
  botIds: string[],
): Promise<Pick<WebhookRow, "id" | "bot_user_id" | "state" | "suspended_until">[]> {
  return db("webhooks as w")
    .join("bots as b", "b.user_id", "w.bot_user_id")
    .select("w.id", "w.bot_user_id", "w.state", "w.suspended_until")
    .whereIn("w.bot_user_id", botIds)
    .andWhere("b.state", "ACTIVE")
    .andWhereRaw("? = ANY(w.events)", [type]);
}

export interface NewDelivery {
  id: string;
  webhook_id: string;
  type: string;
  /** Sealed (body.ts) while pending; redacted plain text when finished at birth (skipped). */
  body: string;
  status: "pending" | "skipped";
  due_at?: Date;
}

/**
 * The one INSERT of outbox rows: six arrays (deliveryColumns) from parameter `$first` on, the rows written only
 * when `where` (SQL) holds. Statements that write deliveries embed it, so the columns are named in one place.
 */
export const insertDeliveriesSql = (first: number, where?: string): string =>
  `INSERT INTO deliveries (id, webhook_id, type, body, status, due_at)
   SELECT r.id, r.webhook_id, r.type, r.body, r.status, coalesce(r.due_at, now())
     FROM unnest(${["uuid", "uuid", "text", "text", "text", "timestamptz"].map((t, i) => `$${first + i}::${t}[]`).join(", ")}) AS r(id, webhook_id, type, body, status, due_at)${
       where
         ? `
    WHERE ${where}`
         : ""
     }`;

/** The parameters insertDeliveriesSql reads: one array per column, in its order. */
export function deliveryColumns(rows: readonly NewDelivery[]): unknown[][] {
  const col = <K extends keyof NewDelivery>(k: K) => rows.map((r) => r[k] ?? null);
  return [col("id"), col("webhook_id"), col("type"), col("body"), col("status"), col("due_at")];
}

/** Committed without waiting for the WAL flush: see insertDeliveries. */
const INSERT_UNFLUSHED = prepare(
  "webhooks.insert_deliveries_unflushed",
  insertDeliveriesSql(1, "set_config('synchronous_commit', 'off', true) IS NOT NULL"),
);

/** The same rows with the commit flushed as usual (inside a caller's transaction, or a statement of its own). */
const INSERT = prepare("webhooks.insert_deliveries", insertDeliveriesSql(1));

/**
 * The outbox rows of one event: one INSERT (prepared: Knex building a multi-row insert would cost CPU on every
 * fan-out), whatever the audience. `flush: false`, for a statement that is its own
 * transaction (an invocation's deliveries): its commit does not wait for the WAL to reach the disk, the longest
 * wait of an invocation (synchronous_commit off for that one transaction, set by the statement itself: one round
 * trip). The rows are committed and visible to every process when it returns, so a crash of any service process
 * loses nothing; only a PostgreSQL crash within wal_writer_delay (200 ms by default) of the commit could.
 */
export async function insertDeliveries(db: Knex, rows: NewDelivery[], opts: { flush?: boolean } = {}) {
  if (!rows.length) return;
  const statement = opts.flush !== false || db.isTransaction ? INSERT : INSERT_UNFLUSHED;
  await statement.run(db, deliveryColumns(rows));
}

export function listDeliveries(db: Knex, webhookId: string, limit: number, before?: string): Promise<DeliveryRow[]> {
  const q = db("deliveries").where({ webhook_id: webhookId }).orderBy("id", "desc").limit(limit);
  if (before) q.andWhere("id", "<", before);
  return q;
}

export const findDelivery = (db: Knex, webhookId: string, id: string): Promise<DeliveryRow | undefined> =>
  db("deliveries").where({ webhook_id: webhookId, id }).first();

/** What a job needs of a pending delivery. */
export type PendingDelivery = Pick<DeliveryRow, "id" | "webhook_id" | "type" | "body" | "attempts">;

/**
 * "The row is still pending", spelt as the statuses it is not: a batch of ids is then found through the primary key
 * whatever the statistics say. Spelt `status = 'pending'`, the condition matches the partial index `deliveries_due`,
 * and the planner, told by its statistics that few rows are pending, reads that whole index instead, which holds a
 * dead entry for every delivery finished since the table's last VACUUM (docs/running-at-scale.md).
 */
const STILL_PENDING = "status NOT IN ('delivered', 'failed', 'skipped')";

const PENDING_BY_ID = prepare<PendingDelivery>(
  "webhooks.pending_by_id",
  `SELECT id, webhook_id, type, body, attempts FROM deliveries WHERE id = ANY($1::uuid[]) AND ${STILL_PENDING}`,
);

export const pendingDeliveries = (db: Knex, ids: string[]): Promise<PendingDelivery[]> => PENDING_BY_ID.run(db, [ids]);

/** A finished delivery back to pending for a forced attempt (redeliver); its body sealed again. Undefined if unknown. */
export async function reopenDelivery(
  db: Knex,
  id: string,
  seal: (plain: string) => string,
  dueAt: Date,
): Promise<PendingDelivery | undefined> {
  const row = await db("deliveries")
    .select("id", "webhook_id", "type", "body", "attempts")
    .where({ id })
    .first<PendingDelivery | undefined>();
  if (!row) return undefined;
  const body = row.body.startsWith("{") ? seal(row.body) : row.body;
  await db("deliveries").where({ id }).update({ status: "pending", next_attempt_at: null, body, due_at: dueAt });
  return { ...row, body };
}

/**
 * Claims pending deliveries past their due time for re-queueing; each claimed row is due again only after
 * `leaseMs`. Rows another process is claiming at the same moment are skipped (SKIP LOCKED), so several processes
 * share the work instead of waiting for each other or claiming the same rows.
 */
export async function claimOverdue(db: Knex, leaseMs: number, limit: number): Promise<PendingDelivery[]> {
  return db.transaction(async (trx) => {
    // A plain walk of `deliveries_due` in due order, never a bitmap scan and a sort, whatever the statistics: the
    // walk marks the entries of finished rows dead in the index as it passes them, so each is visited in the heap
    // once, and later scans of anyone skip them until VACUUM removes them. A bitmap scan marks nothing and visits
    // all of them every time. Local to this transaction (fine behind a transaction-mode pooler).
    await trx.raw("SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)");
    const { rows } = await trx.raw<{ rows: PendingDelivery[] }>(
      `UPDATE deliveries SET due_at = now() + make_interval(secs => ?)
        WHERE id IN (SELECT id FROM deliveries WHERE status = 'pending' AND due_at < now() ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED)
        RETURNING id, webhook_id, type, body, attempts`,
      [leaseMs / 1000, limit],
    );
    return rows;
  });
}

/** One successful attempt, as recorded in a batch. */
export interface Delivered {
  id: string;
  /** null for a socket webhook's ack. */
  statusCode: number | null;
  /** The finished (redacted) plain body. */
  body: string;
}

const RECORD_DELIVERED = prepare(
  "webhooks.record_delivered",
  `WITH v AS (SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[]) AS v(id, code, body)),
        done AS (
          UPDATE deliveries d SET status = 'delivered', body = v.body, attempts = d.attempts + 1, last_status_code = v.code,
                 last_error = NULL, next_attempt_at = NULL, finished_at = now()
            FROM v WHERE d.id = v.id AND d.id = ANY($4::uuid[]) AND d.${STILL_PENDING}
          RETURNING d.webhook_id)
   UPDATE webhooks SET consecutive_failures = 0
    WHERE id IN (SELECT DISTINCT webhook_id FROM done) AND consecutive_failures <> 0`,
);

/**
 * Records a batch of successful attempts in one statement: the deliveries are done and their webhooks' runs of
 * failures end (a webhook row is only written when there was a run to end). Prepared: through Knex, building the
 * statement and PostgreSQL parsing and planning it again for every batch would cost more than the batch's own work.
 */
export async function recordDelivered(db: Knex, batch: Delivered[]): Promise<void> {
  const ids = batch.map((b) => b.id);
  // The ids twice: joined to their results, and as the primary-key lookup that finds the rows.
  await RECORD_DELIVERED.run(db, [ids, batch.map((b) => b.statusCode), batch.map((b) => b.body), ids]);
}

/**
 * Whether a bot still takes events of `spaceId` (null: an event of no space): the bot ACTIVE (not suspended, not
 * deleted) and, for a space's event, its membership there ACTIVE (not suspended, not uninstalled).
 */
export async function botStillListens(db: Knex, botId: string, spaceId: string | null): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { ok: boolean }[] }>(
    `SELECT EXISTS (
       SELECT 1 FROM bots b WHERE b.user_id = ? AND b.state = 'ACTIVE'
          AND (?::uuid IS NULL OR EXISTS (
            SELECT 1 FROM bot_installs i WHERE i.bot_user_id = b.user_id AND i.space_id = ?::uuid AND i.state = 'ACTIVE'))
     ) AS ok`,
    [botId, spaceId, spaceId],
  );
  return rows[0]!.ok;
}

/** A delivery not attempted because its webhook is suspended: finished, with its redacted body. */
export async function markSkipped(db: Knex, id: string, body: string): Promise<void> {
  await db("deliveries")
    .where({ id })
    .whereRaw(STILL_PENDING)
    .update({ status: "skipped", next_attempt_at: null, finished_at: db.fn.now(), body });
}

export interface Failure {
  id: string;
  webhookId: string;
  statusCode: number | null;
  error: string | null;
  now: Date;
  /** null: the last attempt; the delivery fails for good with `finalBody`. */
  nextAt: Date | null;
  dueAt: Date | null;
  finalBody: string;
  failuresToSuspend: number;
  suspendUntil: Date;
}

type FailureRun = Pick<WebhookRow, "consecutive_failures" | "state" | "suspended_until">;

const stillSuspended = (hook: FailureRun, now: Date) =>
  hook.state === "suspended" && hook.suspended_until !== null && hook.suspended_until > now;

/** A failed attempt: counted on the webhook (suspending it at the run's limit) and on the delivery. True if it suspended. */
export async function recordFailure(db: Knex, f: Failure): Promise<boolean> {
  return db.transaction(async (trx) => {
    // After a suspension has run out, the run of failures starts over.
    const [hook] = await trx("webhooks")
      .where({ id: f.webhookId })
      .update({
        failure_count: trx.raw("failure_count + 1"),
        consecutive_failures: trx.raw(
          "CASE WHEN consecutive_failures >= ? AND suspended_until IS NOT NULL AND suspended_until <= ? THEN 1 ELSE consecutive_failures + 1 END",
          [f.failuresToSuspend, f.now],
        ),
      })
      .returning<FailureRun[]>(["consecutive_failures", "state", "suspended_until"]);
    const suspend = !!hook && hook.consecutive_failures >= f.failuresToSuspend && !stillSuspended(hook, f.now);
    if (suspend) await trx("webhooks").where({ id: f.webhookId }).update({ state: "suspended", suspended_until: f.suspendUntil });
    const final = f.nextAt === null;
    await trx("deliveries")
      .where({ id: f.id })
      .update({
        status: final ? "failed" : "pending",
        body: final ? f.finalBody : undefined,
        attempts: trx.raw("attempts + 1"),
        last_status_code: f.statusCode,
        last_error: f.error,
        next_attempt_at: f.nextAt,
        due_at: f.dueAt ?? undefined,
        finished_at: final ? trx.fn.now() : null,
      });
    return suspend;
  });
}

/** What an attempt needs of its webhook, and the owner of its bot (null should the bot row be gone). */
export type WebhookTargetRow = Pick<
  WebhookRow,
  "id" | "bot_user_id" | "transport" | "url" | "secret_enc" | "previous_secret_enc" | "previous_until" | "state" | "suspended_until"
> & { owner_id: string | null };

export const webhookTarget = (db: Knex, id: string): Promise<WebhookTargetRow | undefined> =>
  db("webhooks as w")
    .leftJoin("bots as b", "b.user_id", "w.bot_user_id")
    .select(
      "w.id",
      "w.bot_user_id",
      "w.transport",
      "w.url",
      "w.secret_enc",
      "w.previous_secret_enc",
      "w.previous_until",
      "w.state",
      "w.suspended_until",
      "b.owner_id",
    )
    .where("w.id", id)
    .first();
