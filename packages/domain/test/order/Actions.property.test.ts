import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allowedActions, paidAtOf, qrArea, qrVisible } from "../../src/Order.ts";
import { fuelQrValid, rechargeQrExpiredOrUsed } from "../../src/QrCode.ts";
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

  it("qrArea: a code exactly when qrVisible, and spec §4's precedence for each kind otherwise", () => {
    fc.assert(
      fc.property(order(), refundStatus, durationMs, (o, refund, later) => {
        const now = (o.paidAt ?? o.createdAt) + later;
        const area = qrArea(o, refund, now);
        expect(area === "code").toBe(qrVisible(o, refund, now));
        const paidAt = o.status === "unused" ? paidAtOf(o) : 0;
        const expected =
          o.status === "used" || o.status === "expired"
            ? "expiredOrUsed"
            : o.status !== "unused"
              ? "none"
              : o.kind === "fuel"
                ? // A refund asked for takes the area away, even after the 48 h.
                  refund !== REFUND_STATUS.none ? "none" : fuelQrValid(paidAt, now) ? "code" : "expiredOrUsed"
                : // Past 24 h a recharge reads expired/used, whatever the refund.
                  rechargeQrExpiredOrUsed(paidAt, now) ? "expiredOrUsed" : refund !== REFUND_STATUS.none ? "none" : "code";
        expect(area).toBe(expected);
      }),
    );
  });
});
