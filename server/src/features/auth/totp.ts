// TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, one step of drift either way) and recovery codes.
import { randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { sha256 } from "./tokens.ts";

const ISSUER = "Parley";
const RECOVERY_CODE_COUNT = 10;

export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (secret: string, account: string): string => generateURI({ issuer: ISSUER, label: account, secret });

export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code.trim());

/** The time step the code belongs to, or null when it matches none of now−1, now, now+1. */
export async function totpStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  if (!looksLikeTotp(code)) return null;
  const r = await verify({ secret, token: code.trim(), epoch: Math.floor(nowMs / 1000), epochTolerance: 30 });
  return r.valid && "timeStep" in r ? r.timeStep : null;
}

// 80 random bits as four groups of four base32 characters, e.g. `k3mf-9x2q-…`; read back case- and dash-insensitively.
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
    return chars.match(/.{4}/g)!.join("-");
  });
}

export const recoveryCodeHash = (code: string): Buffer => sha256(code.toLowerCase().replace(/[\s-]/g, ""));
