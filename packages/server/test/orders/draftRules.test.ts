import { Time } from "@fuel/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newMchntOrderNo } from "../../src/orders/draftRules.ts";

/** Merchant order numbers (src/orders/draftRules.ts): what the channels accept, and no repeats. */

describe("merchant order numbers", () => {
  it("are the prefix, the China-time stamp and 14 digits: 30 characters of [A-Z0-9], within the channels' 6 to 32", () => {
    fc.assert(
      fc.property(fc.constantFrom("FO" as const, "RC" as const), fc.integer({ min: Date.parse("2024-01-01T00:00:00Z"), max: Date.parse("2099-12-31T23:59:59Z") }), (prefix, now) => {
        const n = newMchntOrderNo(prefix, now);
        expect(n).toMatch(/^(FO|RC)\d{28}$/);
        expect(n).toHaveLength(30);
        expect(n.startsWith(`${prefix}${Time.formatChinaStamp(now)}`)).toBe(true);
      }),
    );
  });

  it("do not repeat within one second: 20,000 drawn for the same instant are all different", () => {
    const now = Date.parse("2024-11-25T08:00:00Z");
    const drawn = new Set(Array.from({ length: 20_000 }, () => newMchntOrderNo("FO", now)));
    expect(drawn.size).toBe(20_000);
  });
});
