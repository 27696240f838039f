import { describe, expect, it } from "vitest";
import { isRefundUnderWay, REFUND_STATUS, REFUND_STATUS_CODES } from "../src/Refund.ts";

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
