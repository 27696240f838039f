import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { normalize } from "../src/InviteCode.ts";
import { validateInviteCode } from "../src/Validation.ts";

const code = fc.stringMatching(/^[A-Z0-9]{1,32}$/);
const blanks = fc.stringMatching(/^[ \t\u3000]{0,3}$/);

describe("InviteCode.normalize properties (issue 25)", () => {
  it("a code typed in any case with blanks around normalizes to the code", () => {
    fc.assert(fc.property(code, fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }), blanks, blanks, (c, lower, before, after) => {
      const typed = [...c].map((ch, i) => (lower[i] === true ? ch.toLowerCase() : ch)).join("");
      expect(normalize(`${before}${typed}${after}`)).toBe(c);
    }));
  });

  it("is idempotent", () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => {
      expect(normalize(normalize(s))).toBe(normalize(s));
    }));
  });

  it("the validation answers the normalized code", () => {
    fc.assert(fc.property(code, blanks, (c, before) => {
      expect(Result.getOrThrow(validateInviteCode(`${before}${c.toLowerCase()}`))).toBe(c);
    }));
  });
});

describe("InviteCode.normalize", () => {
  it("' ttf72sqeg2 ' -> 'TTF72SQEG2'", () => {
    expect(normalize(" ttf72sqeg2 ")).toBe("TTF72SQEG2");
  });
  it("a blank inside stays", () => {
    expect(normalize("ttf 72")).toBe("TTF 72");
  });
});
