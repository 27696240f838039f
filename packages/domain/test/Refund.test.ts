import { describe, expect, it } from "vitest";
import { Result } from "effect";
import fc from "fast-check";
import { isRefundUnderWay, REFUND_REASON_MAX_LENGTH, REFUND_STATUS, REFUND_STATUS_CODES, validateRefundReason } from "../src/Refund.ts";

describe("Refund: refund_status codes by name", () => {
  it("refunded is refund_status 3 (the code spec §4 names)", () => {
    expect(REFUND_STATUS.refunded).toBe(3);
  });

  it("an order nobody asked to refund has refund_status 0", () => {
    expect(REFUND_STATUS.none).toBe(0);
  });

  it("the codes are 0 to 3, each named once", () => {
    expect(REFUND_STATUS_CODES).toEqual([0, 1, 2, 3]);
    expect(new Set(Object.values(REFUND_STATUS)).size).toBe(REFUND_STATUS_CODES.length);
  });

  it("a refund is under way while requested or refunding, not before and not after", () => {
    expect(REFUND_STATUS_CODES.filter(isRefundUnderWay)).toEqual([REFUND_STATUS.requested, REFUND_STATUS.refunding]);
  });
});

describe("Refund: the reason (issue 4/12)", () => {
  it("a blank reason is 'tell us why you want a refund'", () => {
    const checked = validateRefundReason("   ");
    expect(Result.isFailure(checked) && checked.failure._tag).toBe("RefundReasonMissing");
  });

  it("a reason is kept trimmed", () => {
    expect(validateRefundReason("  station closed \n")).toEqual(Result.succeed("station closed"));
  });

  it("any reason with a visible character is accepted, never longer than the limit", () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }).filter((s) => s.trim() !== ""), (raw) => {
      const checked = validateRefundReason(raw);
      if (Result.isSuccess(checked)) expect(checked.success.length).toBeLessThanOrEqual(REFUND_REASON_MAX_LENGTH);
      else expect(raw.trim().slice(0, REFUND_REASON_MAX_LENGTH).trim()).toBe("");
    }));
  });
});
