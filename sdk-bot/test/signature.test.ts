// The webhook signature verifier against its test vector, against headers made by Stripe's own library, and on every
// refusal it names: parsed body, stale or future t, bad format, no match.
import { describe, expect, it } from "vitest";
import Stripe from "stripe";
import { SignatureVerificationError, signPayload, verifySignature } from "../src/index.ts";

const SECRET = "whsec_test_secret";
const BODY = '{"id":"0b7e7f7e-1111-4222-8333-944455556666","type":"ping","data":{}}';
const T = 1700000000;
const V1 = "f157daee91c69843ad75d506d507d46c093a8a12049f616184bdab2c61a195f1";
const stripe = new Stripe("sk_test_unused");

const refusal = async (f: () => Promise<unknown>): Promise<SignatureVerificationError> => {
  try {
    await f();
  } catch (err) {
    expect(err).toBeInstanceOf(SignatureVerificationError);
    return err as SignatureVerificationError;
  }
  throw new Error("expected a SignatureVerificationError");
};

describe("verifySignature", () => {
  it("accepts the signature test vector as a string and as a Buffer", async () => {
    expect(await verifySignature(BODY, `t=${T},v1=${V1}`, SECRET, { now: T })).toBe(T);
    expect(await verifySignature(Buffer.from(BODY), `t=${T},v1=${V1}`, SECRET, { now: new Date(T * 1000 + 299_000) })).toBe(T);
  });

  it("signPayload reproduces the test vector", async () => {
    expect(await signPayload(BODY, SECRET, { timestamp: T })).toBe(`t=${T},v1=${V1}`);
  });

  it("accepts headers made by stripe.webhooks.generateTestHeaderString, and Stripe accepts ours", async () => {
    const payload = JSON.stringify({ id: "x", type: "command.invoked", data: { text: "héllo ✓ 日本" } });
    const now = Math.floor(Date.now() / 1000);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: now });
    expect(await verifySignature(payload, header, SECRET)).toBe(now);
    const ours = await signPayload(payload, SECRET);
    expect(stripe.webhooks.constructEvent(payload, ours, SECRET)).toMatchObject({ id: "x" });
  });

  it("accepts any of several v1 entries (rotation: new first, old second) and several secrets", async () => {
    const header = await signPayload(BODY, ["whsec_new", SECRET], { timestamp: T });
    expect(header.split(",")).toHaveLength(3);
    expect(await verifySignature(BODY, header, SECRET, { now: T })).toBe(T);
    expect(await verifySignature(BODY, header, "whsec_new", { now: T })).toBe(T);
    expect(await verifySignature(BODY, `t=${T},v1=${"0".repeat(64)},v1=${V1}`, SECRET, { now: T })).toBe(T);
    expect(await verifySignature(BODY, `t=${T},v1=${V1}`, ["whsec_other", SECRET], { now: T })).toBe(T);
    expect(await verifySignature(BODY, `t=${T},v0=abc,v1=${V1}`, SECRET, { now: T })).toBe(T);
  });

  it("refuses a parsed object and says to pass the raw request body", async () => {
    const err = await refusal(() => verifySignature(JSON.parse(BODY) as string, `t=${T},v1=${V1}`, SECRET, { now: T }));
    expect(err.message).toContain("pass the raw request body");
  });

  it("refuses a stale and a future t outside the tolerance, and honours a custom tolerance", async () => {
    expect((await refusal(() => verifySignature(BODY, `t=${T},v1=${V1}`, SECRET, { now: T + 301 }))).message).toContain("too old");
    expect((await refusal(() => verifySignature(BODY, `t=${T},v1=${V1}`, SECRET, { now: T - 301 }))).message).toContain("in the future");
    expect(await verifySignature(BODY, `t=${T},v1=${V1}`, SECRET, { now: T + 300 })).toBe(T);
    expect(await verifySignature(BODY, `t=${T},v1=${V1}`, SECRET, { now: T + 3000, toleranceSeconds: 3600 })).toBe(T);
    await refusal(() => verifySignature(BODY, `t=${T},v1=${V1}`, SECRET, { now: T + 11, toleranceSeconds: 10 }));
  });

  it.each([
    [undefined, "missing"],
    ["", "missing"],
    ["garbage", "format"],
    [`v1=${V1}`, "format"],
    [`t=abc,v1=${V1}`, "format"],
    [`t=${T}`, "format"],
    [`t=${T};v1=${V1}`, "format"],
  ])("refuses the header %j (%s)", async (header, word) => {
    expect((await refusal(() => verifySignature(BODY, header, SECRET, { now: T }))).message).toContain(word);
  });

  it("refuses a wrong secret, a changed body, an upper-case or short signature", async () => {
    for (const [body, header, secret] of [
      [BODY, `t=${T},v1=${V1}`, "whsec_wrong"],
      [BODY + " ", `t=${T},v1=${V1}`, SECRET],
      [BODY, `t=${T + 1},v1=${V1}`, SECRET],
      [BODY, `t=${T},v1=${V1.toUpperCase()}`, SECRET],
      [BODY, `t=${T},v1=${V1.slice(0, 63)}`, SECRET],
    ] as const) {
      expect((await refusal(() => verifySignature(body, header, secret, { now: T }))).message).toContain("no signature matches");
    }
  });
});
