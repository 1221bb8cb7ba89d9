// The SSRF guard: webhook URLs must reach public addresses only — checked when a URL is saved, and again on
// the resolved address at connect time, so a DNS answer that changes afterwards (rebinding) cannot pass.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { badRequest } from "../../platform/errors.ts";

/**
 * Ranges the IANA special-purpose registries (or RFC 4291) set apart that ipaddr.js 2.5 still calls `unicast`:
 * the deprecated IPv4-compatible block `::/96` (RFC 4291 2.5.5.1; it embeds an IPv4 address, e.g. `::7f00:1`)
 * and the dummy prefix `100:0:0:1::/64` (RFC 9780, added to the registry in 2024). Everything else of the
 * registries — 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.31.196/24,
 * 192.52.193/24, 192.88.99/24, 192.168/16, 192.175.48/24, 198.18/15, 198.51.100/24, 203.0.113/24, 240/4,
 * ::/128, ::1, ::ffff:0:0/96, 64:ff9b::/96, 64:ff9b:1::/48, 100::/64, 2001::/23, 2001:db8::/32, 2002::/16,
 * 2620:4f:8000::/48, 3fff::/20, 5f00::/16, fc00::/7, fe80::/10, fec0::/10, ff00::/8 — is a named range of
 * ipaddr.js (its `range()`), kept up to date upstream rather than by hand here.
 */
const EXTRA_SPECIAL_V6 = [ipaddr.parseCIDR("::/96"), ipaddr.parseCIDR("100:0:0:1::/64")] as const;

/** True only for globally routable unicast addresses (IPv4-mapped IPv6 judged by its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === "ipv6" && EXTRA_SPECIAL_V6.some((range) => (ip as ipaddr.IPv6).match(range))) return false;
  return ip.range() === "unicast";
}

export const URL_NOT_ALLOWED = "webhook url not allowed";

/** Validates a webhook URL for saving: scheme, no credentials, and every resolved address public. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(URL_NOT_ALLOWED);
  }
  const schemeOk = url.protocol === "https:" || (allowPrivate && url.protocol === "http:");
  if (!schemeOk || url.username || url.password || !url.hostname) throw badRequest(URL_NOT_ALLOWED);
  if (allowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw badRequest(URL_NOT_ALLOWED);
    }
  }
  if (!addresses.length || !addresses.every(isPublicAddress)) throw badRequest(URL_NOT_ALLOWED);
  return url.toString();
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `dns.lookup` replacement for undici's connector that refuses non-public answers. */
export function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses;
    const blocked = list.find((a) => !isPublicAddress(a.address));
    if (blocked || !list.length) {
      const e = new Error(`${URL_NOT_ALLOWED}: ${hostname} resolves to a non-public address`) as NodeJS.ErrnoException;
      e.code = "EADDRNOTALLOWED";
      return callback(e, []);
    }
    if ((options as { all?: boolean }).all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  });
}
