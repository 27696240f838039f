import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CardNumber, Constants } from "../src/index.ts";

const cardNumbers = fc.stringMatching(/^[0-9]{8,19}$/);

describe("CardNumber (issue 22)", () => {
  it("a masked number keeps its length and shows no more than its last 4 digits", () => {
    fc.assert(
      fc.property(cardNumbers, (cardnum) => {
        const shown = CardNumber.masked(cardnum);
        expect(shown).toHaveLength(cardnum.length);
        expect(shown.replaceAll("*", "")).toBe(cardnum.slice(-Constants.CARD_SHOWN_DIGITS));
        expect(shown).not.toContain(cardnum.slice(-Constants.CARD_LAST_DIGITS));
      }),
    );
  });

  it("the last 7 digits are what a customer knows their own card by", () => {
    fc.assert(
      fc.property(cardNumbers, (cardnum) => {
        expect(CardNumber.lastDigits(cardnum)).toBe(cardnum.slice(cardnum.length - 7));
      }),
    );
  });

  it("a number no longer than 4 digits is shown as it is", () => {
    expect(CardNumber.masked("123")).toBe("123");
  });

  it("a card number is its prefix and its last 7 digits, both ways", () => {
    const prefixes = fc.stringMatching(/^[0-9]{1,25}$/);
    const lasts = fc.stringMatching(/^[0-9]{7}$/);
    fc.assert(
      fc.property(prefixes, lasts, (prefix, last) => {
        expect(CardNumber.isPrefix(prefix)).toBe(true);
        const whole = CardNumber.withPrefix(prefix, last);
        expect(CardNumber.prefixOf(whole)).toBe(prefix);
        expect(CardNumber.lastDigits(whole)).toBe(last);
      }),
    );
    // Only the last digits: no prefix to give back.
    fc.assert(
      fc.property(lasts, (last) => {
        expect(CardNumber.prefixOf(last)).toBeUndefined();
      }),
    );
  });

  it("a prefix is digits only, at most 25 (the cards table holds nothing else)", () => {
    expect(CardNumber.isPrefix("")).toBe(true);
    expect(CardNumber.isPrefix("9".repeat(25))).toBe(true);
    expect(CardNumber.isPrefix("9".repeat(26))).toBe(false);
    fc.assert(
      fc.property(
        fc.string().filter((s) => /\D/.test(s)),
        (text) => {
          expect(CardNumber.isPrefix(text)).toBe(false);
        },
      ),
    );
  });
});
