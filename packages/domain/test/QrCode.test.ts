import { describe, expect, it } from "vitest";
import {
  canRegenerateRechargeQr,
  fuelQrExpiresAt,
  fuelQrValid,
  rechargeQrExpiredOrUsed,
  regenerateQrShownUntil,
} from "../src/QrCode.ts";
import { REFUND_STATUS } from "../src/Refund.ts";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const paidAt = 1_732_500_000_000;
const facts = { paidAt, refundStatus: REFUND_STATUS.none, cardType: "entity" } as const;

describe("QrCode: fuel order QR validity (spec §4/§9)", () => {
  it("a fuel QR code expires 48 hours after payment", () => {
    expect(fuelQrExpiresAt(paidAt)).toBe(paidAt + 48 * HOUR);
  });

  it("a fuel QR code is valid one second before 48 hours", () => {
    expect(fuelQrValid(paidAt, paidAt + 48 * HOUR - SECOND)).toBe(true);
  });

  it("a fuel QR code is expired at exactly 48 hours", () => {
    expect(fuelQrValid(paidAt, paidAt + 48 * HOUR)).toBe(false);
  });

  it("a fuel QR code is expired one second after 48 hours", () => {
    expect(fuelQrValid(paidAt, paidAt + 48 * HOUR + SECOND)).toBe(false);
  });

  it("a fuel QR code is valid at the moment of payment", () => {
    expect(fuelQrValid(paidAt, paidAt)).toBe(true);
  });

  it("a clock behind the payment time still sees a valid fuel QR code", () => {
    expect(fuelQrValid(paidAt, paidAt - HOUR)).toBe(true);
  });
});

describe("QrCode: recharge QR area (spec §4)", () => {
  it("the recharge QR area is not expired/used one second before 24 hours", () => {
    expect(rechargeQrExpiredOrUsed(paidAt, paidAt + 24 * HOUR - SECOND)).toBe(false);
  });

  it("the recharge QR area is not yet expired/used at exactly 24 hours", () => {
    expect(rechargeQrExpiredOrUsed(paidAt, paidAt + 24 * HOUR)).toBe(false);
  });

  it("the recharge QR area reads expired/used one second after 24 hours", () => {
    expect(rechargeQrExpiredOrUsed(paidAt, paidAt + 24 * HOUR + SECOND)).toBe(true);
  });
});

describe("QrCode: regenerate recharge QR (spec §4)", () => {
  it("regenerate shows until 8 minutes after payment", () => {
    expect(regenerateQrShownUntil(paidAt)).toBe(paidAt + 8 * MINUTE);
  });

  it("regenerate shows one second before 8 minutes", () => {
    expect(canRegenerateRechargeQr(facts, paidAt + 8 * MINUTE - SECOND)).toBe(true);
  });

  it("regenerate still shows at exactly 8 minutes", () => {
    expect(canRegenerateRechargeQr(facts, paidAt + 8 * MINUTE)).toBe(true);
  });

  it("regenerate is hidden one second after 8 minutes", () => {
    expect(canRegenerateRechargeQr(facts, paidAt + 8 * MINUTE + SECOND)).toBe(false);
  });

  it("regenerate is hidden when refund_status is 3", () => {
    expect(canRegenerateRechargeQr({ ...facts, refundStatus: 3 }, paidAt + MINUTE)).toBe(false);
  });

  it("refund_status 0, 1 and 2 leave regenerate shown", () => {
    for (const refundStatus of [0, 1, 2]) expect(canRegenerateRechargeQr({ ...facts, refundStatus }, paidAt + MINUTE)).toBe(true);
  });

  it("regenerate is hidden for a top-up replacement card", () => {
    expect(canRegenerateRechargeQr({ ...facts, cardType: "topUpReplacement" }, paidAt + MINUTE)).toBe(false);
  });

  it("regenerate shows for entity and virtual cards", () => {
    expect(canRegenerateRechargeQr({ ...facts, cardType: "entity" }, paidAt + MINUTE)).toBe(true);
    expect(canRegenerateRechargeQr({ ...facts, cardType: "virtual" }, paidAt + MINUTE)).toBe(true);
  });
});
