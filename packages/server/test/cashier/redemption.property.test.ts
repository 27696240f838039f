import { Constants, Refund } from "@fuel/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redeemedAtText, redemptionRefusal, type RedemptionFacts } from "../../src/cashier/redemption.ts";
import { STATUS } from "../../src/orderRecords/rows.ts";

/**
 * The one redemption rule (issue 26) the desk's look-up and redeem and the sandbox cashier share:
 * a code is redeemable exactly when it is a fuel order's, paid, unused, not refunded, within its
 * 48 hours, its code live, and at a station the cashier serves; otherwise each case has its own refusal.
 */

const DAY = 24 * 60 * 60 * 1000;
const epoch = fc.integer({ min: Date.parse("2024-01-01T00:00:00Z"), max: Date.parse("2030-01-01T00:00:00Z") });
const statusCode = fc.constantFrom(...Object.values(STATUS));
const refundCode = fc.constantFrom(...Object.values(Refund.REFUND_STATUS));

const facts = fc.record({
  kind: fc.constantFrom("fuel", "recharge"),
  status: statusCode,
  refundStatus: refundCode,
  paidAt: fc.option(epoch, { nil: null }),
  stationId: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
  codeRedeemedAt: fc.option(epoch, { nil: null }),
  codeRedeemedBy: fc.option(fc.constantFrom("li.cashier", "sandbox cashier"), { nil: null }),
  codeVoided: fc.boolean(),
}) satisfies fc.Arbitrary<RedemptionFacts>;

/** A code that may be redeemed at `paidAt` + `age`. */
const redeemable = (paidAt: number, stationId: number): RedemptionFacts => ({
  kind: "fuel",
  status: STATUS.unused,
  refundStatus: Refund.REFUND_STATUS.none,
  paidAt,
  stationId,
  codeRedeemedAt: null,
  codeRedeemedBy: null,
  codeVoided: false,
});

const anywhere = (): boolean => true;

describe("redemptionRefusal", () => {
  it("redeemable exactly when fuel, unused, paid, not refunded, live code, not redeemed, within 48 h, at a station served", () => {
    fc.assert(
      fc.property(facts, epoch, fc.boolean(), (f, now, served) => {
        const expected =
          served &&
          f.kind === "fuel" &&
          f.status === STATUS.unused &&
          f.refundStatus === Refund.REFUND_STATUS.none &&
          f.paidAt !== null &&
          now < f.paidAt + Constants.FUEL_QR_VALIDITY_MS &&
          !f.codeVoided &&
          f.codeRedeemedAt === null;
        expect(redemptionRefusal(f, () => served, now) === undefined).toBe(expected);
      }),
    );
  });

  it("a station the cashier does not serve is the only thing they are told, whatever else is true", () => {
    fc.assert(
      fc.property(facts, epoch, (f, now) => {
        expect(redemptionRefusal(f, () => false, now)?.reason).toBe("QrOtherStation");
      }),
    );
  });

  it("a redeemed code says when and by whom when both are known, else only that it was used", () => {
    fc.assert(
      fc.property(facts, epoch, (f, now) => {
        fc.pre(f.codeRedeemedAt !== null || f.status === STATUS.used);
        const refusal = redemptionRefusal(f, anywhere, now);
        if (f.codeRedeemedAt !== null && f.codeRedeemedBy !== null) {
          expect(refusal?.reason).toBe("QrUsedBy");
          expect(refusal?.params).toEqual({ at: redeemedAtText(f.codeRedeemedAt), by: f.codeRedeemedBy });
        } else {
          expect(refusal?.reason).toBe("QrAlreadyUsed");
        }
      }),
    );
  });

  it("a refund asked for or done refuses an unredeemed fuel code as refunded", () => {
    fc.assert(
      fc.property(epoch, fc.constantFrom(Refund.REFUND_STATUS.requested, Refund.REFUND_STATUS.refunding, Refund.REFUND_STATUS.refunded), (paidAt, refundStatus) => {
        expect(redemptionRefusal({ ...redeemable(paidAt, 1), refundStatus }, anywhere, paidAt)?.reason).toBe("QrRefunded");
      }),
    );
  });

  it("unpaid or cancelled orders are refused as unpaid", () => {
    fc.assert(
      fc.property(epoch, fc.constantFrom(STATUS.unpaid, STATUS.cancelled), (now, status) => {
        expect(redemptionRefusal({ ...redeemable(now, 1), status, paidAt: null }, anywhere, now)?.reason).toBe("QrUnpaid");
      }),
    );
  });

  it("48 h after payment less a millisecond it is redeemable; at 48 h and after it is expired", () => {
    fc.assert(
      fc.property(epoch, fc.integer({ min: 0, max: 30 * DAY }), (paidAt, late) => {
        const end = paidAt + Constants.FUEL_QR_VALIDITY_MS;
        expect(redemptionRefusal(redeemable(paidAt, 1), anywhere, end - 1)).toBeUndefined();
        expect(redemptionRefusal(redeemable(paidAt, 1), anywhere, end + late)?.reason).toBe("QrExpired");
      }),
    );
  });

  it("the time a second scan reads is China time to the minute", () => {
    expect(redeemedAtText(Date.parse("2024-11-26T02:00:59Z"))).toBe("2024-11-26 10:00");
  });
});
