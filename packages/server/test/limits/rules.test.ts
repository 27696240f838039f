import type { Messages } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import {
  CARD_LOOKUPS_PER_ACCOUNT,
  INVITE_FAILURES_PER_ACCOUNT,
  LONGEST_WINDOW_MS,
  ORDER_CREATIONS_PER_CUSTOMER,
  ORDER_CREATIONS_PER_CUSTOMER_DAY,
  PASSWORD_ATTEMPTS_PER_ADDRESS,
  PASSWORD_FAILURES_PER_PHONE,
} from "../../src/limits/policy.ts";
import { checkLimits, type Limit } from "../../src/limits/rules.ts";

const NOW = 1_800_000_000_000;
const limit = (max: number, windowMs: number, reason: Messages.MessageKey = "CardLookupsLimited"): Limit => ({ bucket: reason, max, windowMs, reason });

describe("checkLimits", () => {
  it("allows while fewer than max events are in the window", () => {
    expect(checkLimits([{ limit: limit(3, 60_000), times: [NOW - 1, NOW - 2] }], NOW)).toBeNull();
  });

  it("refuses at max, with retry-after until the max-th newest leaves the window", () => {
    const refusal = checkLimits([{ limit: limit(3, 60_000), times: [NOW - 10_000, NOW - 20_000, NOW - 30_000] }], NOW);
    expect(refusal).toEqual({ reason: "CardLookupsLimited", retryAfterSeconds: 30 });
  });

  it("events at or before the window's start do not count", () => {
    expect(checkLimits([{ limit: limit(2, 60_000), times: [NOW - 60_000, NOW - 1, NOW - 90_000] }], NOW)).toBeNull();
    expect(checkLimits([{ limit: limit(2, 60_000), times: [NOW - 59_999, NOW - 1] }], NOW)).toEqual({ reason: "CardLookupsLimited", retryAfterSeconds: 1 });
  });

  it("reads the times in any order", () => {
    const refusal = checkLimits([{ limit: limit(2, 60_000), times: [NOW - 50_000, NOW - 1_000, NOW - 40_000] }], NOW);
    // The 2nd newest (NOW - 40 s) must leave: 20 s.
    expect(refusal?.retryAfterSeconds).toBe(20);
  });

  it("names the limit that holds back longest when several are used up", () => {
    const short = limit(1, 60_000, "SignInAttemptsLimited");
    const long = limit(1, 3_600_000, "PasswordAttemptsLimited");
    const refusal = checkLimits(
      [
        { limit: short, times: [NOW - 1_000] },
        { limit: long, times: [NOW - 1_000] },
      ],
      NOW,
    );
    expect(refusal).toEqual({ reason: "PasswordAttemptsLimited", retryAfterSeconds: 3599 });
  });

  it("retry-after is at least one second", () => {
    expect(checkLimits([{ limit: limit(1, 1_000), times: [NOW - 999.5] }], NOW)?.retryAfterSeconds).toBe(1);
  });
});

describe("the policy", () => {
  it("is the issue's numbers", () => {
    expect([PASSWORD_FAILURES_PER_PHONE.max, PASSWORD_FAILURES_PER_PHONE.windowMs]).toEqual([5, 15 * 60_000]);
    expect([PASSWORD_ATTEMPTS_PER_ADDRESS.max, PASSWORD_ATTEMPTS_PER_ADDRESS.windowMs]).toEqual([20, 60_000]);
    expect([INVITE_FAILURES_PER_ACCOUNT.max, INVITE_FAILURES_PER_ACCOUNT.windowMs]).toEqual([10, 3_600_000]);
    expect([CARD_LOOKUPS_PER_ACCOUNT.max, CARD_LOOKUPS_PER_ACCOUNT.windowMs]).toEqual([30, 60_000]);
    expect([ORDER_CREATIONS_PER_CUSTOMER.max, ORDER_CREATIONS_PER_CUSTOMER.windowMs]).toEqual([10, 600_000]);
    expect([ORDER_CREATIONS_PER_CUSTOMER_DAY.max, ORDER_CREATIONS_PER_CUSTOMER_DAY.windowMs]).toEqual([60, 86_400_000]);
    expect(LONGEST_WINDOW_MS).toBe(86_400_000);
  });
});
