import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FUEL_QR_VALIDITY_MS } from "../../src/Constants.ts";
import { expireIfDue, OrderEvent, transition } from "../../src/Order.ts";
import { REFUND_STATUS } from "../../src/Refund.ts";
import { durationMs, order, refundStatus } from "../../src/testing/orders.ts";

describe("Order.expireIfDue, for every order, refund state and instant", () => {
  it("the result is the order itself or what one expiry event of the machine makes of it", () => {
    fc.assert(
      fc.property(order(), refundStatus, durationMs, (o, refund, later) => {
        const now = o.createdAt + later;
        const after = expireIfDue(o, refund, now);
        const byMachine = [OrderEvent.ExpireUnpaid(), OrderEvent.ExpireQr()]
          .map((e) => transition(o, e, now))
          .filter(Result.isSuccess)
          .map((r) => r.success);
        expect([o, ...byMachine]).toContainEqual(after);
      }),
    );
  });

  it("an order is changed exactly when an expiry event is due and no refund holds it", () => {
    fc.assert(
      fc.property(order(), refundStatus, durationMs, (o, refund, later) => {
        const now = o.createdAt + later;
        const unpaidDue = o.status === "unpaid" && now >= o.payDeadline;
        const qrDue = o.status === "unused" && o.kind === "fuel" && refund === REFUND_STATUS.none && now >= o.paidAt! + FUEL_QR_VALIDITY_MS;
        expect(expireIfDue(o, refund, now) !== o).toBe(unpaidDue || qrDue);
      }),
    );
  });

  it("applying it twice is applying it once", () => {
    fc.assert(
      fc.property(order(), refundStatus, durationMs, (o, refund, later) => {
        const now = o.createdAt + later;
        const once = expireIfDue(o, refund, now);
        expect(expireIfDue(once, refund, now)).toEqual(once);
      }),
    );
  });
});
