// SQL of the MLS Delivery Service: KeyPackages per device session, channel groups and their ordered commits.
import type { Knex } from "knex";

export interface ClaimedRow {
  user_id: string;
  device_id: string;
  key_package: string;
}

export interface CommitRow {
  epoch: string | number;
  commit: string;
  sender_device_id: string;
  created_at: Date;
}

/** Stores one-time packages and (if given) replaces the device's last-resort package; answers the count left. */
export async function addKeyPackages(db: Knex, userId: string, deviceId: string, packages: string[], lastResort?: string): Promise<number> {
  return db.transaction(async (trx) => {
    await trx("e2e_key_packages").insert(packages.map((key_package) => ({ user_id: userId, device_id: deviceId, key_package })));
    // One statement against the unique index of last-resort packages, so that concurrent uploads of one device
    // replace each other instead of clashing on it.
    if (lastResort !== undefined)
      await trx.raw(
        `INSERT INTO e2e_key_packages (user_id, device_id, key_package, last_resort) VALUES (?, ?, ?, true)
         ON CONFLICT (device_id) WHERE last_resort DO UPDATE SET key_package = excluded.key_package, created_at = now()`,
        [userId, deviceId, lastResort],
      );
    return countKeyPackages(trx, deviceId);
  });
}

export async function countKeyPackages(db: Knex, deviceId: string): Promise<number> {
  const row = await db("e2e_key_packages").where({ device_id: deviceId, last_resort: false }).count<{ n: string }[]>({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

/** Of `userIds`, those who share at least one space with `callerId` (the caller too, when in any space). */
export async function usersSharingASpace(db: Knex, callerId: string, userIds: string[]): Promise<string[]> {
  const rows = await db("members as mine")
    .join("members as theirs", "theirs.space_id", "mine.space_id")
    .where("mine.user_id", callerId)
    .whereIn("theirs.user_id", userIds)
    .distinct<{ user_id: string }[]>("theirs.user_id");
  return rows.map((r) => r.user_id);
}

/**
 * One package per active device of `userIds` except `exceptDevice`; one-time packages only for the users of
 * `oneTimeFor` (the others, past their claim budget, get their last-resort package). One-time packages are deleted as they are
 * handed out — row locks with SKIP LOCKED mean two concurrent claimers never take the same one — and a device
 * with none left (or whose last one another claimer holds right now) gets its last-resort package, which stays.
 * Packages of revoked sessions are never handed out.
 */
export async function claimKeyPackages(
  db: Knex,
  userIds: string[],
  exceptDevice: string,
  oneTimeFor: string[] = userIds,
): Promise<ClaimedRow[]> {
  if (!userIds.length) return [];
  const oneTime = !oneTimeFor.length
    ? { rows: [] as ClaimedRow[] }
    : await db.raw<{ rows: ClaimedRow[] }>(
        `WITH devices AS (
       SELECT s.id FROM sessions s
        WHERE s.user_id = ANY(?::uuid[]) AND s.revoked_at IS NULL AND s.id <> ?
     ), pick AS (
       SELECT p.id FROM devices d
        CROSS JOIN LATERAL (
          SELECT k.id FROM e2e_key_packages k
           WHERE k.device_id = d.id AND NOT k.last_resort
           ORDER BY k.id LIMIT 1
           FOR UPDATE SKIP LOCKED
        ) p
     )
     DELETE FROM e2e_key_packages k USING pick WHERE k.id = pick.id
     RETURNING k.user_id, k.device_id, k.key_package`,
        [oneTimeFor, exceptDevice],
      );
  const served = new Set(oneTime.rows.map((r) => r.device_id));
  const fallback: ClaimedRow[] = await db("e2e_key_packages as k")
    .join("sessions as s", "s.id", "k.device_id")
    .whereIn("k.user_id", userIds)
    .whereNull("s.revoked_at")
    .whereNot("k.device_id", exceptDevice)
    .where("k.last_resort", true)
    .select("k.user_id", "k.device_id", "k.key_package");
  return [...oneTime.rows, ...fallback.filter((r) => !served.has(r.device_id))];
}

/** Drops every package of the given (revoked) device sessions. */
export async function dropKeyPackages(db: Knex, deviceIds: string[]): Promise<void> {
  if (deviceIds.length) await db("e2e_key_packages").whereIn("device_id", deviceIds).delete();
}

interface GroupRow {
  epoch: string | number;
  group_info: string;
}

export async function findGroup(db: Knex, channelId: string): Promise<{ epoch: number; group_info: string } | undefined> {
  const row = await db("e2e_groups").where({ channel_id: channelId }).select("epoch", "group_info").first<GroupRow | undefined>();
  return row && { epoch: Number(row.epoch), group_info: row.group_info };
}

/**
 * Moves the channel's group from `epoch` to `epoch + 1` and records the commit, or does nothing when `epoch`
 * is not the current one (answers false). The conditional write is what makes exactly one commit win an epoch:
 * concurrent writers of the same epoch queue on the group row and all but the first see a changed epoch.
 */
export async function advanceGroup(
  db: Knex,
  c: { channelId: string; epoch: number; commit: string; groupInfo: string; senderDeviceId: string },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const next = c.epoch + 1;
    const moved =
      c.epoch === 0
        ? await trx("e2e_groups")
            .insert({ channel_id: c.channelId, epoch: next, group_info: c.groupInfo })
            .onConflict("channel_id")
            .ignore()
            .returning("epoch")
        : await trx("e2e_groups")
            .where({ channel_id: c.channelId, epoch: c.epoch })
            .update({ epoch: next, group_info: c.groupInfo, updated_at: trx.fn.now() })
            .returning("epoch");
    if (!moved.length) return false;
    await trx("e2e_commits").insert({ channel_id: c.channelId, epoch: next, commit: c.commit, sender_device_id: c.senderDeviceId });
    return true;
  });
}

/** The most a page of commits carries in its JSON body; the client asks again with `since` for the rest. */
const COMMIT_PAGE_BYTES = 4 * 1024 * 1024;
/** What one entry adds to the body besides its commit: its keys, the epoch, the sender's id, the timestamp. */
const ENTRY_OVERHEAD = 160;
const ENVELOPE = '{"commits":[]}'.length;

/**
 * The commits after `since`, oldest first, at most `limit` and no more than fit in COMMIT_PAGE_BYTES (always the
 * first one). Sizes are read from the stored lengths (base64 is its own JSON), so commits left off are never read.
 */
export async function listCommits(db: Knex, channelId: string, since: number, limit: number): Promise<CommitRow[]> {
  const { rows } = await db.raw<{ rows: CommitRow[] }>(
    `WITH page AS (
       SELECT epoch, row_number() OVER w AS n, sum(octet_length(commit) + ?) OVER w AS upto
         FROM (SELECT epoch, commit FROM e2e_commits WHERE channel_id = ? AND epoch > ? ORDER BY epoch LIMIT ?) c
       WINDOW w AS (ORDER BY epoch)
     )
     SELECT c.epoch, c.commit, c.sender_device_id, c.created_at
       FROM page p JOIN e2e_commits c ON c.channel_id = ? AND c.epoch = p.epoch
      WHERE p.n = 1 OR p.upto <= ?
      ORDER BY c.epoch`,
    [ENTRY_OVERHEAD, channelId, since, limit, channelId, COMMIT_PAGE_BYTES - ENVELOPE],
  );
  return rows;
}

/** Of `deviceIds`, the active sessions of members of `spaceId`, with their users (welcome recipients). */
export async function memberDevices(db: Knex, spaceId: string, deviceIds: string[]): Promise<{ user_id: string; device_id: string }[]> {
  if (!deviceIds.length) return [];
  return db("sessions as s")
    .join("members as m", (j) => j.on("m.user_id", "s.user_id").andOn("m.space_id", db.raw("?", [spaceId])))
    .whereIn("s.id", deviceIds)
    .whereNull("s.revoked_at")
    .select("s.user_id", "s.id as device_id");
}

/** The space of a channel, if the channel exists. */
export async function channelSpace(db: Knex, channelId: string): Promise<string | undefined> {
  const row = await db("channels").where({ id: channelId }).select("space_id").first<{ space_id: string } | undefined>();
  return row?.space_id;
}

/** How long a Welcome waits for its device (30 days); older ones are never answered and are pruned. */
const WELCOME_TTL_DAYS = 30;

export interface WelcomeRow {
  id: string;
  channel_id: string;
  epoch: string | number;
  welcome: string;
  created_at: Date;
}

/** A claim answers at most this many Welcomes (newest first); the next claim the ones after them. */
const WELCOME_PAGE = 20;

/** Keeps the commit's Welcome once, with the devices it names. */
export async function storeWelcome(db: Knex, channelId: string, epoch: number, welcome: string, deviceIds: string[]): Promise<void> {
  if (!deviceIds.length) return;
  await db.transaction(async (trx) => {
    const [row] = await trx("e2e_welcomes").insert({ channel_id: channelId, epoch, welcome }).returning<{ id: string }[]>("id");
    await trx("e2e_welcome_recipients").insert(deviceIds.map((device_id) => ({ welcome_id: row!.id, device_id })));
  });
}

/**
 * Takes the device's newest Welcomes younger than the TTL, at most WELCOME_PAGE: answers them and drops the
 * device from their recipients, then deletes those no device is left for. The Welcome rows are locked first (in
 * one order), so of two devices taking the last recipients of one Welcome the second sees the first's delete and
 * removes the Welcome; a Welcome is answered only to the claim whose delete took the device's recipient row.
 */
export async function claimWelcomes(db: Knex, deviceId: string): Promise<WelcomeRow[]> {
  return db.transaction(async (trx) => {
    const { rows: page } = await trx.raw<{ rows: { id: string }[] }>(
      `SELECT w.id FROM e2e_welcome_recipients r JOIN e2e_welcomes w ON w.id = r.welcome_id
        WHERE r.device_id = ? AND w.created_at > now() - make_interval(days => ?)
        ORDER BY w.id DESC LIMIT ?
        FOR UPDATE OF w`,
      [deviceId, WELCOME_TTL_DAYS, WELCOME_PAGE],
    );
    if (!page.length) return [];
    const taken: string[] = await trx("e2e_welcome_recipients")
      .where({ device_id: deviceId })
      .whereIn(
        "welcome_id",
        page.map((r) => r.id),
      )
      .delete()
      .returning("welcome_id")
      .then((rows: { welcome_id: string }[]) => rows.map((r) => r.welcome_id));
    if (!taken.length) return [];
    const rows: WelcomeRow[] = await trx("e2e_welcomes")
      .whereIn("id", taken)
      .orderBy("id", "desc")
      .select("id", "channel_id", "epoch", "welcome", "created_at");
    await trx.raw(
      `DELETE FROM e2e_welcomes w WHERE w.id = ANY(?::bigint[])
         AND NOT EXISTS (SELECT 1 FROM e2e_welcome_recipients r WHERE r.welcome_id = w.id)`,
      [taken],
    );
    return rows;
  });
}
