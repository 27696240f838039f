import { describe, expect, it } from "vitest";
import { FUEL_QR_VALIDITY_MS } from "../../src/Constants.ts";
import { afterRefund, canRefund, createOrder, type Order } from "../../src/Order.ts";
import { REFUND_STATUS } from "../../src/Refund.ts";

const createdAt = 1_732_500_000_000;
const paidAt = createdAt + 60_000;
const paidFuel: Order = { ...createOrder({ kind: "fuel", createdAt }), status: "unused", paidAt };
const none = REFUND_STATUS.none;

describe("Order.canRefund: the fixed refund rule (issue 4)", () => {
  it("a paid, unused fuel order within 48 h and never refunded may be refunded", () => {
    expect(canRefund(paidFuel, none, paidAt + 1_000)).toBe(true);
  });

  it("the last millisecond of the 48 hours still may be refunded", () => {
    expect(canRefund(paidFuel, none, paidAt + FUEL_QR_VALIDITY_MS - 1)).toBe(true);
  });

  it("at 48 h sharp the QR code has expired and the order may not be refunded", () => {
    expect(canRefund(paidFuel, none, paidAt + FUEL_QR_VALIDITY_MS)).toBe(false);
  });

  it("an order with a refund requested, refunding or refunded may not be refunded again", () => {
    for (const status of [REFUND_STATUS.requested, REFUND_STATUS.refunding, REFUND_STATUS.refunded]) {
      expect(canRefund(paidFuel, status, paidAt + 1_000)).toBe(false);
    }
  });

  it("a recharge order is never refunded on request", () => {
    expect(canRefund({ ...paidFuel, kind: "recharge" }, none, paidAt + 1_000)).toBe(false);
  });

  it("an unpaid order may not be refunded", () => {
    expect(canRefund(createOrder({ kind: "fuel", createdAt }), none, createdAt + 1_000)).toBe(false);
  });

  it("a used, voided or expired fuel order may not be refunded", () => {
    for (const status of ["used", "voided", "expired"] as const) expect(canRefund({ ...paidFuel, status }, none, paidAt + 1_000)).toBe(false);
  });

  it("a paid order without payment time (bad data) may not be refunded", () => {
    const { paidAt: _, ...withoutTime } = paidFuel;
    expect(canRefund(withoutTime, none, paidAt + 1_000)).toBe(false);
  });
});

describe("Order.afterRefund: a completed refund (issue 4)", () => {
  it("voids an unused fuel order", () => {
    expect(afterRefund(paidFuel, paidAt + 1_000).status).toBe("voided");
  });

  it("leaves a rejected recharge rejected, with its reason", () => {
    const rejected: Order = { ...paidFuel, kind: "recharge", status: "rejected", reason: "card frozen" };
    expect(afterRefund(rejected, paidAt + 1_000)).toEqual(rejected);
  });

  it("leaves a fuel order that is already closed as it is", () => {
    for (const status of ["used", "voided", "expired"] as const) expect(afterRefund({ ...paidFuel, status }, paidAt + 1_000).status).toBe(status);
  });
});
