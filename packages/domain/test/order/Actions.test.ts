import { describe, expect, it } from "vitest";
import { FUEL_QR_VALIDITY_MS, RECHARGE_QR_EXPIRED_AFTER_MS } from "../../src/Constants.ts";
import { createOrder, qrVisible, type Order } from "../../src/Order.ts";
import { REFUND_STATUS } from "../../src/Refund.ts";

const createdAt = 1_732_500_000_000;
const paidAt = createdAt + 60_000;
const paidFuel: Order = { ...createOrder({ kind: "fuel", createdAt }), status: "unused", paidAt };
const paidRecharge: Order = { ...paidFuel, kind: "recharge" };
const none = REFUND_STATUS.none;

describe("Order.qrVisible: which QR an order's detail may show (spec §4, issue 4)", () => {
  it("an unused fuel order shows its QR under 48 h after payment", () => {
    expect(qrVisible(paidFuel, none, paidAt + FUEL_QR_VALIDITY_MS - 1)).toBe(true);
  });

  it("an unused fuel order shows no QR from 48 h after payment", () => {
    expect(qrVisible(paidFuel, none, paidAt + FUEL_QR_VALIDITY_MS)).toBe(false);
  });

  it("an unused recharge order shows its QR at exactly 24 h after payment", () => {
    expect(qrVisible(paidRecharge, none, paidAt + RECHARGE_QR_EXPIRED_AFTER_MS)).toBe(true);
  });

  it("an unused recharge order shows no QR more than 24 h after payment", () => {
    expect(qrVisible(paidRecharge, none, paidAt + RECHARGE_QR_EXPIRED_AFTER_MS + 1)).toBe(false);
  });

  it("an order with a refund asked for shows no QR", () => {
    for (const refund of [REFUND_STATUS.requested, REFUND_STATUS.refunding, REFUND_STATUS.refunded]) {
      expect(qrVisible(paidFuel, refund, paidAt + 1_000)).toBe(false);
      expect(qrVisible(paidRecharge, refund, paidAt + 1_000)).toBe(false);
    }
  });

  it("an unpaid or closed order shows no QR", () => {
    for (const status of ["unpaid", "used", "rejected", "voided", "expired", "cancelled"] as const) {
      expect(qrVisible({ ...paidFuel, status }, none, paidAt + 1_000)).toBe(false);
    }
  });
});
