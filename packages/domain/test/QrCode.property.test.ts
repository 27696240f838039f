import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FUEL_QR_VALIDITY_MS, RECHARGE_QR_EXPIRED_AFTER_MS } from "../src/Constants.ts";
import { canRegenerateFuelQr, canRegenerateRechargeQr, fuelQrValid, rechargeQrExpiredOrUsed } from "../src/QrCode.ts";
import { cardType, durationMs, epochMs, refundStatus } from "../src/testing/orders.ts";

const twoInstants: fc.Arbitrary<readonly [number, number]> = fc
  .tuple(durationMs, durationMs)
  .map(([a, b]) => (a <= b ? [a, b] : [b, a]));

describe("QrCode properties", () => {
  it("fuel QR validity is monotone in time: once expired, it stays expired", () => {
    fc.assert(fc.property(epochMs, twoInstants, (paidAt, [early, late]) => {
      if (!fuelQrValid(paidAt, paidAt + early)) expect(fuelQrValid(paidAt, paidAt + late)).toBe(false);
    }));
  });

  it("a fuel QR code is valid exactly while less than 48 h have passed since payment", () => {
    fc.assert(fc.property(epochMs, durationMs, (paidAt, elapsed) => {
      expect(fuelQrValid(paidAt, paidAt + elapsed)).toBe(elapsed < FUEL_QR_VALIDITY_MS);
    }));
  });

  it("the recharge QR area, once expired/used, stays so", () => {
    fc.assert(fc.property(epochMs, twoInstants, (paidAt, [early, late]) => {
      if (rechargeQrExpiredOrUsed(paidAt, paidAt + early)) expect(rechargeQrExpiredOrUsed(paidAt, paidAt + late)).toBe(true);
    }));
  });

  it("the recharge QR area reads expired/used exactly when more than 24 h have passed", () => {
    fc.assert(fc.property(epochMs, durationMs, (paidAt, elapsed) => {
      expect(rechargeQrExpiredOrUsed(paidAt, paidAt + elapsed)).toBe(elapsed > RECHARGE_QR_EXPIRED_AFTER_MS);
    }));
  });

  it("once the regenerate button is hidden it never comes back as time passes", () => {
    fc.assert(fc.property(epochMs, twoInstants, refundStatus, cardType, (paidAt, [early, late], refund, card) => {
      const facts = { paidAt, refundStatus: refund, cardType: card };
      if (!canRegenerateRechargeQr(facts, paidAt + early)) expect(canRegenerateRechargeQr(facts, paidAt + late)).toBe(false);
    }));
  });

  it("regenerate is never offered once the recharge QR area reads expired/used", () => {
    fc.assert(fc.property(epochMs, durationMs, refundStatus, cardType, (paidAt, elapsed, refund, card) => {
      const now = paidAt + elapsed;
      if (rechargeQrExpiredOrUsed(paidAt, now)) {
        expect(canRegenerateRechargeQr({ paidAt, refundStatus: refund, cardType: card }, now)).toBe(false);
      }
    }));
  });

  it("a fuel order's code may be regenerated exactly while it is unused, unrefunded and valid", () => {
    fc.assert(fc.property(epochMs, durationMs, refundStatus, fc.constantFrom("unpaid", "unused", "used", "expired", "voided", "cancelled" as const), (paidAt, elapsed, refund, status) => {
      const order = { kind: "fuel" as const, status, createdAt: paidAt, payDeadline: paidAt + 1, paidAt };
      expect(canRegenerateFuelQr(order, refund, paidAt + elapsed)).toBe(status === "unused" && refund === 0 && fuelQrValid(paidAt, paidAt + elapsed));
    }));
  });
});
