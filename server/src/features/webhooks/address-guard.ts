// The SSRF guard: webhook URLs must reach public addresses only — checked when a URL is saved, and again on
// the resolved address at connect time, so a DNS answer that changes afterwards (rebinding) cannot pass.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { badRequest } from "../../platform/errors.ts";

/** True only for globally routable unicast addresses (IPv4-mapped IPv6 judged by its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
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
    const list = addresses as LookupAddress[];
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
