// Bytes ↔ base64 (the wire form of every MLS object the server relays) and UTF-8, without Node-only APIs.
export function toB64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function fromB64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
export const fromUtf8 = (b: Uint8Array): string => new TextDecoder().decode(b);

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** JSON with Uint8Array and bigint values, for the small records an E2EStore keeps. */
export function packJson(value: unknown): Uint8Array {
  return utf8(
    JSON.stringify(value, (_k, v: unknown) =>
      v instanceof Uint8Array ? { $b: toB64(v) } : typeof v === "bigint" ? { $n: v.toString() } : v,
    ),
  );
}

export function unpackJson<T>(bytes: Uint8Array): T {
  return JSON.parse(fromUtf8(bytes), (_k, v: unknown) =>
    v && typeof v === "object" && "$b" in v
      ? fromB64(v.$b as string)
      : v && typeof v === "object" && "$n" in v
        ? BigInt(v.$n as string)
        : v,
  ) as T;
}
