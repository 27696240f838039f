import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterRefund, canRefund, OrderEvent, transition } from "../../src/Order.ts";
import { fuelQrValid } from "../../src/QrCode.ts";
import { REFUND_STATUS } from "../../src/Refund.ts";
import { durationMs, order, refundStatus } from "../../src/testing/orders.ts";

describe("Order.canRefund and Order.afterRefund, for every order, refund state and instant", () => {
  it("a refundable order is an unused fuel order, never refunded, whose QR code is valid", () => {
    fc.assert(
      fc.property(order(), refundStatus, durationMs, (o, refund, sincePaid) => {
        const now = (o.paidAt ?? o.createdAt) + sincePaid;
        const expected =
          o.kind === "fuel" && o.status === "unused" && refund === REFUND_STATUS.none && fuelQrValid(o.paidAt!, now);
        expect(canRefund(o, refund, now)).toBe(expected);
      }),
    );
  });

  it("a refundable order can be voided by the state machine", () => {
    fc.assert(
      fc.property(order({ kind: "fuel", status: "unused" }), durationMs, (o, sincePaid) => {
        const now = o.paidAt! + sincePaid;
        fc.pre(canRefund(o, REFUND_STATUS.none, now));
        expect(Result.isSuccess(transition(o, OrderEvent.Void(), now))).toBe(true);
      }),
    );
  });

  it("after a refund a fuel order is voided exactly when the machine allows Void, and nothing else changes", () => {
    fc.assert(
      fc.property(order(), durationMs, (o, later) => {
        const now = (o.paidAt ?? o.createdAt) + later;
        const after = afterRefund(o, now);
        const voidable = o.kind === "fuel" && Result.isSuccess(transition(o, OrderEvent.Void(), now));
        expect(after).toEqual(voidable ? { ...o, status: "voided" } : o);
      }),
    );
  });
});
