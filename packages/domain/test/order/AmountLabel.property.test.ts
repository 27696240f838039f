import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountLabel, ORDER_STATUSES, type OrderStatus } from "../../src/Order.ts";
import { order } from "../../src/testing/orders.ts";

describe("Order.amountLabel: 'payable' only while the money can still be paid (issue 25)", () => {
  it("an order with a payment time reads 'paid', whatever its status since", () => {
    fc.assert(
      fc.property(order(), fc.integer({ min: 0, max: 2 ** 40 }), (o, paidAt) => {
        expect(amountLabel({ status: o.status, paidAt })).toBe("paid");
      }),
    );
  });

  it("an unpaid order reads 'payable'; one closed without payment reads 'unpaid'; one only a payment reaches reads 'paid'", () => {
    const expected: Record<OrderStatus, string> = {
      unpaid: "payable",
      cancelled: "unpaid",
      expired: "unpaid",
      unused: "paid",
      used: "paid",
      rejected: "paid",
      voided: "paid",
    };
    for (const status of ORDER_STATUSES) expect(amountLabel({ status }), status).toBe(expected[status]);
  });

  it("generated orders: 'payable' exactly when unpaid, 'paid' exactly when a payment time is set", () => {
    fc.assert(
      fc.property(order(), (o) => {
        const label = amountLabel(o);
        expect(label === "payable").toBe(o.status === "unpaid" && o.paidAt === undefined);
        if (o.paidAt !== undefined) expect(label).toBe("paid");
      }),
    );
  });
});
