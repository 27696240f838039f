import { describe, expect, it } from "vitest";
import { FUEL_QR_VALIDITY_MS } from "../../src/Constants.ts";
import { createOrder, expireIfDue, type Order } from "../../src/Order.ts";
import { REFUND_STATUS } from "../../src/Refund.ts";

const createdAt = 1_732_500_000_000;
const unpaid = createOrder({ kind: "fuel", createdAt });
const paidAt = createdAt + 60_000;
const paidFuel: Order = { ...unpaid, status: "unused", paidAt };
const none = REFUND_STATUS.none;

describe("Order.expireIfDue: the time-driven transitions (spec §4, issue 4)", () => {
  it("an unpaid order is cancelled at its pay deadline", () => {
    expect(expireIfDue(unpaid, none, unpaid.payDeadline).status).toBe("cancelled");
  });

  it("an unpaid order stays unpaid a millisecond before its pay deadline", () => {
    expect(expireIfDue(unpaid, none, unpaid.payDeadline - 1)).toEqual(unpaid);
  });

  it("an unused fuel order expires 48 h after payment", () => {
    expect(expireIfDue(paidFuel, none, paidAt + FUEL_QR_VALIDITY_MS).status).toBe("expired");
  });

  it("an unused fuel order stays unused a millisecond before 48 h", () => {
    expect(expireIfDue(paidFuel, none, paidAt + FUEL_QR_VALIDITY_MS - 1)).toEqual(paidFuel);
  });

  it("an unused fuel order with a refund under way keeps its status past 48 h", () => {
    for (const refund of [REFUND_STATUS.requested, REFUND_STATUS.refunding, REFUND_STATUS.refunded]) {
      expect(expireIfDue(paidFuel, refund, paidAt + FUEL_QR_VALIDITY_MS).status).toBe("unused");
    }
  });

  it("an unused recharge order never expires by time (the distributor settles it)", () => {
    expect(expireIfDue({ ...paidFuel, kind: "recharge" }, none, paidAt + 10 * FUEL_QR_VALIDITY_MS).status).toBe("unused");
  });

  it("a closed order stays closed", () => {
    for (const status of ["used", "rejected", "voided", "expired", "cancelled"] as const) {
      expect(expireIfDue({ ...paidFuel, status }, none, paidAt + 10 * FUEL_QR_VALIDITY_MS).status).toBe(status);
    }
  });
});
