import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allowedActions, qrVisible } from "../../src/Order.ts";
import { REFUND_STATUS } from "../../src/Refund.ts";
import { durationMs, order, refundStatus } from "../../src/testing/orders.ts";

describe("Order.qrVisible, for every order, refund state and instant", () => {
  it("the QR shows exactly when 'show QR' is allowed and no refund was asked for", () => {
    fc.assert(
      fc.property(order(), refundStatus, durationMs, (o, refund, later) => {
        const now = (o.paidAt ?? o.createdAt) + later;
        expect(qrVisible(o, refund, now)).toBe(refund === REFUND_STATUS.none && allowedActions(o, now).includes("showQr"));
      }),
    );
  });

  it("only an unused order ever shows a QR", () => {
    fc.assert(
      fc.property(order(), refundStatus, durationMs, (o, refund, later) => {
        const now = (o.paidAt ?? o.createdAt) + later;
        if (qrVisible(o, refund, now)) expect(o.status).toBe("unused");
      }),
    );
  });
});
