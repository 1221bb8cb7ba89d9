// Argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane): ~100 ms here per hash.
import { hash, verify } from "@node-rs/argon2";

const PARAMS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, PARAMS);

// Verified against when the account does not exist, so unknown users cost the same time as wrong passwords.
let dummy: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword("not-a-real-password-just-timing");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
