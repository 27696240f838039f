import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mask } from "../src/Phone.ts";

const phone = fc.stringMatching(/^1\d{10}$/);

describe("Phone.mask properties", () => {
  it("keeps the length of any text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 20 }), (s) => {
      expect(mask(s).length).toBe(s.length);
    }));
  });

  it("never shows the 4th to 7th digit of a phone", () => {
    fc.assert(fc.property(phone, (p) => {
      expect(mask(p).slice(3, 7)).toBe("****");
    }));
  });

  it("shows the first 3 and last 4 digits of a phone", () => {
    fc.assert(fc.property(phone, (p) => {
      expect(mask(p).slice(0, 3)).toBe(p.slice(0, 3));
      expect(mask(p).slice(-4)).toBe(p.slice(-4));
    }));
  });
});
