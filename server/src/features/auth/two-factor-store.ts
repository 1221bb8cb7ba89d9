// SQL of 2FA: the sealed TOTP secret, the last accepted time step, recovery codes.
import type { Knex } from "knex";

export interface TwoFactorRow {
  id: string;
  username: string;
  password_hash: string | null;
  totp_secret_enc: string | null;
  two_factor_enabled: boolean;
}

export function findTwoFactor(db: Knex, userId: string): Promise<TwoFactorRow | undefined> {
  return db("users").select("id", "username", "password_hash", "totp_secret_enc", "two_factor_enabled").where({ id: userId }).first();
}

/** A secret being set up: stored, but 2FA stays off until a code confirms it. */
export async function setPendingSecret(db: Knex, userId: string, sealed: string) {
  await db("users").where({ id: userId, two_factor_enabled: false }).update({ totp_secret_enc: sealed, totp_last_step: null });
}

export async function enable(db: Knex, userId: string, recoveryHashes: Buffer[]) {
  await db.transaction(async (trx) => {
    await trx("users").where({ id: userId }).update({ two_factor_enabled: true });
    await trx("recovery_codes").where({ user_id: userId }).delete();
    await trx("recovery_codes").insert(recoveryHashes.map((hash) => ({ user_id: userId, hash })));
  });
}

export async function disable(db: Knex, userId: string) {
  await db.transaction(async (trx) => {
    await trx("users").where({ id: userId }).update({ two_factor_enabled: false, totp_secret_enc: null, totp_last_step: null });
    await trx("recovery_codes").where({ user_id: userId }).delete();
  });
}

/** Records `step` as used; false when this or a later step was accepted before (a replayed code). */
export async function useTotpStep(db: Knex, userId: string, step: number): Promise<boolean> {
  const n = await db("users")
    .where({ id: userId })
    .andWhere((q) => void q.whereNull("totp_last_step").orWhere("totp_last_step", "<", step))
    .update({ totp_last_step: step });
  return n === 1;
}

/** Spends a recovery code; false when it is unknown or already spent. */
export async function useRecoveryCode(db: Knex, userId: string, hash: Buffer): Promise<boolean> {
  const n = await db("recovery_codes").where({ user_id: userId, hash }).whereNull("used_at").update({ used_at: db.fn.now() });
  return n === 1;
}
