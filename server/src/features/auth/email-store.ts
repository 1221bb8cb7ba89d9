// SQL of single-use e-mail tokens (hashed) and the account changes they lead to.
import type { Knex } from "knex";

export type EmailPurpose = "verify" | "reset";

export interface MailTarget {
  id: string;
  username: string;
  email: string;
  email_verified_at: Date | null;
}

/** A human account (not a bot, not anonymous) by e-mail address, case-insensitively. */
export function findByEmail(db: Knex, email: string): Promise<MailTarget | undefined> {
  return db("users").select("id", "username", "email", "email_verified_at").where({ email, is_bot: false, is_anonymous: false }).first();
}

export async function insertToken(
  db: Knex,
  row: { hash: Buffer; user_id: string; purpose: EmailPurpose; email: string; expires_at: Date },
) {
  await db("email_tokens").insert(row);
}

/** Spends a token atomically: its owner and address, or undefined when it is unknown, used, expired or of another purpose. */
export async function spendToken(
  db: Knex,
  hash: Buffer,
  purpose: EmailPurpose,
  now: Date,
): Promise<{ user_id: string; email: string } | undefined> {
  const [row] = await db("email_tokens")
    .where({ hash, purpose })
    .whereNull("used_at")
    .andWhere("expires_at", ">", now)
    .update({ used_at: db.fn.now() })
    .returning<{ user_id: string; email: string }[]>(["user_id", "email"]);
  return row;
}

/** Marks the address verified when the account still has it (false otherwise); admins' addresses make the user an admin. */
export async function markVerified(db: Knex, userId: string, email: string, makeAdmin: boolean): Promise<boolean> {
  const patch: Record<string, unknown> = { email_verified_at: db.fn.now() };
  if (makeAdmin) patch.is_admin = true;
  return (await db("users").where({ id: userId, email }).update(patch)) === 1;
}

/**
 * Locks the account a token belongs to (its users row, FOR UPDATE), before the token is spent. Every change of
 * a password takes the users row first and the account's email_tokens rows after it; two resets of one account
 * that spent their own tokens first would each hold a token the other one's spend-all update waits for.
 */
export async function lockTokenOwner(db: Knex, hash: Buffer, purpose: EmailPurpose): Promise<void> {
  const token = await db("email_tokens").where({ hash, purpose }).first<{ user_id: string } | undefined>("user_id");
  if (token) await db("users").where({ id: token.user_id }).forUpdate().first("id");
}

/** A reset token that can still be spent, without spending it (reset checks it before the costly hash). */
export async function isLiveToken(db: Knex, hash: Buffer, purpose: EmailPurpose, now: Date): Promise<boolean> {
  return Boolean(await db("email_tokens").where({ hash, purpose }).whereNull("used_at").andWhere("expires_at", ">", now).first("user_id"));
}

/**
 * Sets a new password hash and spends every outstanding reset token of the account. Callers run it in a
 * transaction (both or neither): a reset link mailed before a reset or a password change must not undo it
 * (it would reopen the account to whoever holds the old link).
 */
export async function changePasswordHash(db: Knex, userId: string, passwordHash: string): Promise<void> {
  await db("users").where({ id: userId }).update({ password_hash: passwordHash });
  await db("email_tokens").where({ user_id: userId, purpose: "reset" }).whereNull("used_at").update({ used_at: db.fn.now() });
}
