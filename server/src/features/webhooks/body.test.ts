// Sealed delivery bodies (body.ts over platform/crypto.ts): they open to the same bytes under their own delivery
// id only, and every seal has an IV of its own, also across refills of the IV pool.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openBody, sealBody } from "./body.ts";

describe("sealed delivery bodies", () => {
  const key = randomBytes(32);

  it("open to the same bytes, under their own delivery id only; plain JSON reads back as it is", () => {
    const body = JSON.stringify({ id: "d1", data: { content: "héllo ✓", options: { secret: "x" } } });
    const sealed = sealBody(key, "d1", body);
    expect(sealed).not.toContain("héllo");
    expect(openBody(key, "d1", sealed)).toBe(body);
    expect(() => openBody(key, "d2", sealed)).toThrow("sealed value does not open");
    expect(openBody(key, "d1", body)).toBe(body);
  });

  it("never repeat an IV, across several refills of the pool", () => {
    const ivs = new Set(Array.from({ length: 2_000 }, (_, i) => sealBody(key, `d${i}`, "{}").split(".")[1]));
    expect(ivs.size).toBe(2_000);
  });
});
