import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mask, normalize } from "../src/Phone.ts";

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

/** A mobile number as people write it: digit groups split by random separators, maybe a country code. */
const written = fc
  .record({
    phone,
    code: fc.constantFrom("", "+86", "0086", "86", "+86 ", "0086-", "(+86) "),
    cuts: fc.array(fc.tuple(fc.integer({ min: 1, max: 10 }), fc.constantFrom(" ", "-", ".", "\u3000", "\u00a0", "(", ")")), { maxLength: 4 }),
  })
  .map(({ phone: p, code, cuts }) => {
    const at = new Map(cuts);
    return { phone: p, text: code + [...p].map((d, i) => `${at.get(i) ?? ""}${d}`).join("") };
  });

describe("Phone.normalize properties", () => {
  it("a mobile number written with separators and an optional country code normalizes back to itself", () => {
    fc.assert(fc.property(written, ({ phone: p, text }) => {
      expect(normalize(text)).toBe(p);
    }));
  });

  it("is idempotent on any text", () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 24 }), written.map((w) => w.text)), (s) => {
      expect(normalize(normalize(s))).toBe(normalize(s));
    }));
  });

  it("from digits and separators alone it makes digits alone, never longer than the text", () => {
    const typed = fc.stringMatching(/^[0-9 \-.()]{0,24}$/);
    fc.assert(fc.property(typed, (s) => {
      expect(normalize(s)).toMatch(/^\d*$/);
      expect(normalize(s).length).toBeLessThanOrEqual(s.length);
    }));
  });
});
