import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_CREATIONS_PER_CUSTOMER, ORDER_CREATIONS_PER_CUSTOMER_DAY } from "../../src/limits/policy.ts";
import { checkLimits } from "../../src/limits/rules.ts";

/**
 * The churn limit's numbers as a rule over time (issue 22, src/limits/policy.ts): what a customer
 * paying normally does never meets it, and whatever anyone does, no window ever holds more than
 * its max. The ledger and the HTTP answer are tested in test/orders/creationLimit.test.ts.
 */

const LIMITS = [ORDER_CREATIONS_PER_CUSTOMER, ORDER_CREATIONS_PER_CUSTOMER_DAY] as const;
const MINUTE = 60_000;
const T0 = Date.parse("2024-11-24T06:00:00Z");

/** Replays attempts at `times` (ascending) through the limits: the times admitted. */
const admitted = (times: readonly number[]): number[] => {
  const kept: number[] = [];
  for (const now of times) {
    if (checkLimits(LIMITS.map((limit) => ({ limit, times: kept })), now) === null) kept.push(now);
  }
  return kept;
};

const ascending = (gaps: readonly number[]): number[] => {
  let t = T0;
  return gaps.map((g) => (t += g));
};

describe("the order-creation limits", () => {
  it("never refuse a customer paying normally: creations at least a minute apart, at most 60 a day", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: MINUTE, max: 30 * MINUTE }), { maxLength: ORDER_CREATIONS_PER_CUSTOMER_DAY.max }), (gaps) => {
        const times = ascending(gaps);
        expect(admitted(times)).toEqual(times);
      }),
    );
  });

  it("never admit more than 10 in any 10 minutes nor 60 in any day, however fast the attempts", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 * MINUTE }), { minLength: 1, maxLength: 300 }), (gaps) => {
        const kept = admitted(ascending(gaps));
        for (const end of kept) {
          for (const limit of LIMITS) expect(kept.filter((t) => t > end - limit.windowMs && t <= end).length).toBeLessThanOrEqual(limit.max);
        }
      }),
    );
  });
});
