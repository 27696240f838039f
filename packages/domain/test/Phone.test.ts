import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { mask, normalize, TYPED_MAX_LENGTH } from "../src/Phone.ts";
import { validatePhone } from "../src/Validation.ts";

describe("Phone.mask (spec §2 /personal)", () => {
  it("an 11-digit phone keeps its first 3 and last 4 digits: 13800138000 -> 138****8000", () => {
    expect(mask("13800138000")).toBe("138****8000");
  });
  it("a number of 8 characters hides the one between the kept 3 and 4", () => {
    expect(mask("12345678")).toBe("123*5678");
  });
  it("a number too short to hide anything between the kept digits is hidden whole", () => {
    expect(mask("1234567")).toBe("*******");
    expect(mask("")).toBe("");
  });
});

describe("Phone.normalize (issue 25: a pasted number)", () => {
  it.each([
    ["139 1234 5678"],
    ["139-1234-5678"],
    ["139.1234.5678"],
    ["(139) 1234 5678"],
    ["+86 139 1234 5678"],
    ["+8613912345678"],
    ["0086 139 1234 5678"],
    ["8613912345678"],
    ["１３９ １２３４ ５６７８"],
    ["＋86\u3000139\u00a01234\u20135678"],
  ])("%s -> 13912345678", (raw) => {
    expect(normalize(raw)).toBe("13912345678");
  });
  it("an 11-digit number opening with 86 keeps its 86", () => {
    expect(normalize("86139123456")).toBe("86139123456");
  });
  it("a country code followed by other than 11 digits stays, so the number is refused", () => {
    expect(normalize("+86 139 1234 567")).toBe("+861391234567");
    expect(normalize("+1 415 555 0100")).toBe("+14155550100");
  });
  it("the field takes the longest usual written form whole", () => {
    expect("0086 139 1234 5678 ".length).toBeLessThanOrEqual(TYPED_MAX_LENGTH);
  });
  it("letters stay, so the number is refused rather than guessed", () => {
    expect(normalize("139 1234 567a")).toBe("1391234567a");
  });
  it("the validation reads a pasted number as its 11 digits", () => {
    expect(Result.getOrThrow(validatePhone("+86 139-1234-5678"))).toBe("13912345678");
    expect(Result.isFailure(validatePhone("139 1234 56"))).toBe(true);
  });
});
