// SSRF ranges: a webhook URL whose address lies in any IANA special-purpose block (or the
// deprecated IPv4-compatible and site-local IPv6 blocks) is refused when saved, and the connect-time lookup
// refuses the same addresses (it judges each resolved address with the same function).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/helpers/server.ts";
import { api } from "../../../../test/helpers/http.ts";
import { registerUser, type TestUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { guardedLookup, isPublicAddress } from "./address-guard.ts";

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: TestUser;
let bot: { id: string };

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE: "false" } });
  http = api(server.url);
  owner = await registerUser(server.url);
  bot = await createBot(server.url, owner.token);
});
afterAll(() => server?.stop());

/** One address inside each block commonly abused for SSRF, then the rest of the IANA IPv4 and IPv6 special-purpose registries. */
const REFUSED: [block: string, address: string][] = [
  ["::/96 (IPv4-compatible)", "::808:808"],
  ["::/96 (IPv4-compatible loopback)", "::7f00:1"],
  ["64:ff9b::/96 (NAT64)", "64:ff9b::808:808"],
  ["64:ff9b:1::/48 (local NAT64)", "64:ff9b:1::808:808"],
  ["198.18.0.0/15 (benchmarking)", "198.19.255.254"],
  ["fec0::/10 (site-local)", "fec0::1"],
  ["100.64.0.0/10 (shared address space)", "100.127.255.254"],
  ["0.0.0.0/8", "0.1.2.3"],
  ["10.0.0.0/8", "10.1.2.3"],
  ["127.0.0.0/8", "127.0.0.1"],
  ["169.254.0.0/16", "169.254.169.254"],
  ["172.16.0.0/12", "172.31.0.1"],
  ["192.0.0.0/24", "192.0.0.9"],
  ["192.0.2.0/24", "192.0.2.1"],
  ["192.31.196.0/24", "192.31.196.1"],
  ["192.52.193.0/24", "192.52.193.1"],
  ["192.88.99.0/24", "192.88.99.1"],
  ["192.168.0.0/16", "192.168.1.1"],
  ["192.175.48.0/24", "192.175.48.1"],
  ["198.51.100.0/24", "198.51.100.1"],
  ["203.0.113.0/24", "203.0.113.1"],
  ["240.0.0.0/4", "240.0.0.1"],
  ["255.255.255.255/32", "255.255.255.255"],
  ["224.0.0.0/4", "224.0.0.1"],
  ["::/128", "::"],
  ["::1/128", "::1"],
  ["::ffff:0:0/96", "::ffff:10.0.0.1"],
  ["100::/64 (discard)", "100::1"],
  ["100:0:0:1::/64 (dummy prefix)", "100:0:0:1::1"],
  ["2001::/32 (Teredo)", "2001::1"],
  ["2001:1::1/128", "2001:1::1"],
  ["2001:2::/48 (benchmarking)", "2001:2::1"],
  ["2001:3::/32 (AMT)", "2001:3::1"],
  ["2001:4:112::/48 (AS112)", "2001:4:112::1"],
  ["2001:10::/28 (ORCHID)", "2001:10::1"],
  ["2001:20::/28 (ORCHIDv2)", "2001:20::1"],
  ["2001:30::/28 (DRIP)", "2001:30::1"],
  ["2001:db8::/32 (documentation)", "2001:db8::1"],
  ["2002::/16 (6to4)", "2002:808:808::1"],
  ["2620:4f:8000::/48 (AS112)", "2620:4f:8000::1"],
  ["3fff::/20 (documentation)", "3fff::1"],
  ["5f00::/16 (SRv6 SIDs)", "5f00::1"],
  ["fc00::/7 (unique local)", "fd00::1"],
  ["fe80::/10 (link-local)", "fe80::1"],
  ["ff00::/8 (multicast)", "ff02::1"],
];

const host = (address: string) => (address.includes(":") ? `[${address}]` : address);

describe("webhook URLs are refused at save time for every special-purpose block", () => {
  it.each(REFUSED)("%s (%s): 400 webhook url not allowed", async (_block, address) => {
    const res = await http.post(
      `/api/bots/${bot.id}/webhooks`,
      { url: `https://${host(address)}/hook`, events: ["webhook.ping"] },
      { token: owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual({ detail: "webhook url not allowed" });
  });

  it("refuses names of this machine, plain http even to a public address, other schemes and non-URLs", async () => {
    for (const url of ["https://localhost/x", "http://93.184.216.34/x", "ftp://example.com/x", "not a url"]) {
      const res = await http.post(`/api/bots/${bot.id}/webhooks`, { url, events: ["webhook.ping"] }, { token: owner.token });
      expect(res, url).toMatchObject({ status: 400, body: { detail: "webhook url not allowed" } });
    }
  });

  it("still accepts a public address", async () => {
    const res = await http.post(
      `/api/bots/${bot.id}/webhooks`,
      { url: "https://[2606:4700:4700::1111]/hook", events: ["webhook.ping"] },
      { token: owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe("the connect-time check judges resolved addresses the same way", () => {
  it.each(REFUSED)("%s (%s) is not public", (_block, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it("public addresses pass, and the connect-time lookup refuses a name that resolves to loopback", async () => {
    for (const a of ["8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isPublicAddress(a), a).toBe(true);
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup("localhost", {}, (e) => resolve(e)));
    expect(err?.code).toBe("EADDRNOTALLOWED");
  });
});
