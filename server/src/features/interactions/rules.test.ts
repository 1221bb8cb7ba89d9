// The typed values the invocation checks hand to the bot (docs/bots.md#coercion), checked on the pure functions.
import { describe, expect, it } from "vitest";
import { coerce, plaintextBytes, validateInvocation } from "./rules.ts";
import type { CommandOption } from "../commands/index.ts";

const opt = (name: string, type: CommandOption["type"], extra: Partial<CommandOption> = {}): CommandOption => ({
  name,
  type,
  description: name,
  required: false,
  ...extra,
});

describe("coerce", () => {
  it("yields the typed value of each accepted form", () => {
    expect(coerce("integer", "-3")).toBe(-3);
    expect(coerce("integer", 5.0)).toBe(5);
    expect(coerce("integer", "007")).toBe(7);
    expect(coerce("number", "2.5")).toBe(2.5);
    expect(coerce("number", "-1e2")).toBe(-100);
    expect(coerce("number", 3)).toBe(3);
    expect(coerce("user", "0192F3A4-AAAA-7BBB-8CCC-DDDDEEEEFFFF")).toBe("0192f3a4-aaaa-7bbb-8ccc-ddddeeeeffff");
    expect(coerce("channel", "0192f3a4-aaaa-7bbb-8ccc-ddddeeeeffff")).toBe("0192f3a4-aaaa-7bbb-8ccc-ddddeeeeffff");
    expect(coerce("string", "")).toBe("");
    expect(coerce("boolean", false)).toBe(false);
  });

  it("refuses every other form", () => {
    for (const v of [true, 5.5, "5.5", "", "+5", "5 ", "1e3", null, [], {}, 2 ** 53 + 2])
      expect(coerce("integer", v), JSON.stringify(v)).toBeUndefined();
    for (const v of [true, false, "", " ", "abc", "Infinity", "0x10", "1e999", null])
      expect(coerce("number", v), JSON.stringify(v)).toBeUndefined();
    for (const v of ["true", 0, 1, null]) expect(coerce("boolean", v)).toBeUndefined();
    for (const v of [1, true, null]) expect(coerce("string", v)).toBeUndefined();
    for (const v of ["{0192f3a4-aaaa-7bbb-8ccc-ddddeeeeffff}", "0192f3a4aaaa7bbb8cccddddeeeeffff", 1])
      expect(coerce("user", v)).toBeUndefined();
  });
});

describe("validateInvocation", () => {
  it("returns typed options in declaration order, dropping undeclared and absent ones", () => {
    const declared = [opt("n", "integer", { required: true }), opt("s", "string"), opt("b", "boolean"), opt("skip", "number")];
    const out = validateInvocation(declared, { zzz: 1, b: true, s: "x", n: "12", skip: null });
    expect(out).toEqual({ n: 12, s: "x", b: true });
    expect(Object.keys(out)).toEqual(["n", "s", "b"]);
  });

  it("keeps an option named __proto__ as a plain key", () => {
    const out = validateInvocation([opt("__proto__", "string")], JSON.parse('{"__proto__":"v"}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"__proto__":"v"}');
  });

  it("counts the string forms in UTF-8 bytes", () => {
    expect(plaintextBytes({ a: "é", b: true, c: 2.5, d: -7 })).toBe(2 + 4 + 3 + 2);
  });
});
