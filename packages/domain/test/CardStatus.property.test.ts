import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { isRechargeable, kindOf, validateRechargeable } from "../src/CardStatus.ts";

const blanks = fc.stringMatching(/^[ \t]{0,3}$/);
/** A word in any mix of cases. */
const anyCase = (word: string) =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((up) => [...word].map((c, i) => (up[i] === true ? c.toUpperCase() : c)).join(""));

describe("CardStatus (issue 25: a frozen card cannot be chosen)", () => {
  it("normal and active are rechargeable in any case, with blanks around", () => {
    fc.assert(fc.property(fc.constantFrom("normal", "active").chain(anyCase), blanks, blanks, (word, a, b) => {
      expect(isRechargeable(`${a}${word}${b}`)).toBe(true);
      expect(Result.isSuccess(validateRechargeable(`${a}${word}${b}`))).toBe(true);
    }));
  });

  it("frozen in any case is frozen, refused as CardFrozen", () => {
    fc.assert(fc.property(anyCase("frozen"), blanks, (word, a) => {
      expect(kindOf(`${a}${word}`)).toBe("frozen");
      const checked = validateRechargeable(`${a}${word}`);
      expect(Result.isFailure(checked) && checked.failure._tag).toBe("CardFrozen");
    }));
  });

  it("any status is rechargeable exactly when it reads as normal", () => {
    fc.assert(fc.property(fc.string({ maxLength: 12 }), (s) => {
      expect(isRechargeable(s)).toBe(kindOf(s) === "normal");
      expect(Result.isSuccess(validateRechargeable(s))).toBe(isRechargeable(s));
    }));
  });

  it.each([["lost"], ["Cancelled"], ["canceled"], ["expired"], ["blocked"], [""], ["  "]])("%j cannot be recharged: CardNotRechargeable", (status) => {
    const checked = validateRechargeable(status);
    expect(Result.isFailure(checked) && checked.failure._tag).toBe("CardNotRechargeable");
  });

  it("an empty status is unknown, a word we do not know is other", () => {
    expect(kindOf(" ")).toBe("unknown");
    expect(kindOf("suspendu")).toBe("other");
  });
});
