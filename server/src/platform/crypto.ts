// Sealing secrets the server must read back (TOTP secrets, webhook secrets) with AES-256-GCM under DATA_KEY.
// Format: `v1.<iv>.<ciphertext>.<tag>` (base64url). `context` is bound as associated data, so a sealed
// value copied into another row or field (e.g. another user's) fails to open.
import { createCipheriv, createDecipheriv, hash, randomFillSync } from "node:crypto";

/** SHA-256 of a secret we store only hashed (tokens, device secrets); one-shot, without a Hash object per call. */
export const sha256 = (s: string): Buffer => hash("sha256", s, "buffer");
/** The same digest in hex (cache keys). */
export const sha256Hex = (s: string): string => hash("sha256", s, "hex");

const VERSION = "v1";
const IV_BYTES = 12;

/**
 * IVs cut from a pool filled by the CSPRNG 512 at a time: randomBytes(12) per call would be a system call per
 * seal, the larger part of a webhook body's seal. As random and as unique as one draw per IV (GCM's random-IV construction); IVs are not secret.
 */
const ivPool = Buffer.alloc(IV_BYTES * 512);
let ivOffset = ivPool.length;
function nextIv(): Buffer {
  if (ivOffset === ivPool.length) {
    randomFillSync(ivPool);
    ivOffset = 0;
  }
  const iv = Buffer.from(ivPool.subarray(ivOffset, ivOffset + IV_BYTES));
  ivOffset += IV_BYTES;
  return iv;
}

class SealError extends Error {}

export function seal(key: Buffer, plaintext: string, context = ""): string {
  if (key.length !== 32) throw new SealError("key must be 32 bytes");
  const iv = nextIv();
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), ct.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The plaintext, or a SealError for anything tampered with, sealed under another key or context, or malformed. */
export function open(key: Buffer, sealed: string, context = ""): string {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SealError("not a sealed value");
  const [iv, ct, tag] = parts.slice(1).map((p) => Buffer.from(p, "base64url")) as [Buffer, Buffer, Buffer];
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ct), decipher.final()]).toString("utf8");
  } catch {
    throw new SealError("sealed value does not open");
  }
}
