import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { cents, formatCents, formatYuan, fromYuan, parseYuan } from "../src/Money.ts";

const ok = (input: string) => Result.getOrThrow(parseYuan(input));
const failTag = (input: string) => {
  const r = parseYuan(input);
  return Result.isFailure(r) ? r.failure._tag : "success";
};

describe("Money.parseYuan", () => {
  it.each([
    ["12", 1200], ["12.3", 1230], ["12.34", 1234], [" 12.34 ", 1234], ["0.01", 1], ["0", 0],
    ["12.", 1200], [".5", 50], ["007.10", 710], ["10000", 1_000_000], ["5000.00", 500_000],
  ])("reads %j as %i cents", (input, expected) => {
    expect(ok(input)).toBe(expected);
  });

  it.each(["", "   ", "\t"])("rejects empty input %j as AmountEmpty", (input) => {
    expect(failTag(input)).toBe("AmountEmpty");
  });

  it.each(["12.345", "0.001", "1.999"])("rejects more than two decimals in %j", (input) => {
    expect(failTag(input)).toBe("AmountTooManyDecimals");
  });

  it.each(["-1", "+1", "1e3", "1E2", "abc", "12a", "1.2.3", ".", "1,000", "0x10", "Infinity", "NaN", "１２", "1 2", "1234567890"])(
    "rejects %j as AmountInvalid",
    (input) => {
      expect(failTag(input)).toBe("AmountInvalid");
    },
  );

  it("accepts nine integer digits, the most a person may type", () => {
    expect(ok("999999999.99")).toBe(99_999_999_999);
  });
});

describe("Money.formatCents", () => {
  it.each([[9162, "91.62"], [5, "0.05"], [0, "0.00"], [100, "1.00"], [-150, "-1.50"], [1_000_000, "10000.00"]])(
    "formats %i cents as %j",
    (amount, expected) => {
      expect(formatCents(amount)).toBe(expected);
    },
  );

  it("prefixes the yuan sign for price tags", () => {
    expect(formatYuan(9162)).toBe("¥91.62");
  });
});

describe("Money.cents", () => {
  it("refuses a fraction of a cent", () => {
    expect(() => cents(1.5)).toThrow(RangeError);
  });
  it("converts whole yuan", () => {
    expect(fromYuan(5000)).toBe(500_000);
  });
});
