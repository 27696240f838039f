import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, parseYuan } from "../src/Money.ts";

describe("Money properties", () => {
  it("formatting then parsing cents gives the same cents", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (c) => {
      expect(Result.getOrThrow(parseYuan(formatCents(c)))).toBe(c);
    }));
  });

  it("parsing a well-formed yuan string and formatting it gives its canonical form", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 99 }), (whole, frac) => {
      const text = `${whole}.${String(frac).padStart(2, "0")}`;
      expect(formatCents(Result.getOrThrow(parseYuan(text)))).toBe(text);
    }));
  });

  it("parsing any string never throws and succeeds only with a safe integer", () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const r = parseYuan(s);
      if (Result.isSuccess(r)) expect(Number.isSafeInteger(r.success)).toBe(true);
    }));
  });
});
