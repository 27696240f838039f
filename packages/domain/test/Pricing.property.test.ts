import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Result } from "effect";
import { cardPrice, cardPurchaseQuote, chargeableCents, chargeableQuote, payableCents, quote, savingCents } from "../src/Pricing.ts";
import { CARD_TYPE_CODES, type CardType } from "../src/order/Kinds.ts";
import { amountCents, discountedPrices, priceCents } from "../src/testing/arbitraries.ts";

/** Exact reference: round-half-up of amount*now/original in integer arithmetic. */
const reference = (amount: number, now: number, original: number): number => {
  const num = BigInt(amount) * BigInt(now);
  const den = BigInt(original);
  return Number((2n * num + den) / (2n * den));
};

describe("Pricing properties", () => {
  it("the card-purchase quote is the exact reference at 461 / 511, never above the amount, for every amount up to 5000 yuan", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 500_000 }), (a) => {
      const q = cardPurchaseQuote(a as never);
      expect(q.payable).toBe(reference(a, 461, 511));
      expect(q.payable).toBeLessThanOrEqual(a);
      expect(q.payable + q.saving).toBe(a);
    }));
  });

  it("payable is an integer", () => {
    fc.assert(fc.property(amountCents(), priceCents, priceCents, (a, now, original) => {
      expect(Number.isSafeInteger(payableCents(a, now, original))).toBe(true);
    }));
  });

  it("payable equals the exact BigInt half-up reference", () => {
    fc.assert(fc.property(amountCents(), fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 1, max: 5_000 }), (a, now, original) => {
      expect(payableCents(a, now, original)).toBe(reference(a, now, original));
    }), { numRuns: 2_000 });
  });

  it("payable is monotone in amount", () => {
    fc.assert(fc.property(amountCents(), amountCents(), discountedPrices, (x, y, p) => {
      const [lo, hi] = x <= y ? [x, y] : [y, x];
      expect(payableCents(lo, p.now, p.original)).toBeLessThanOrEqual(payableCents(hi, p.now, p.original));
    }));
  });

  it("payable never exceeds amount when now <= original", () => {
    fc.assert(fc.property(amountCents(), discountedPrices, (a, p) => {
      expect(payableCents(a, p.now, p.original)).toBeLessThanOrEqual(a);
      expect(savingCents(a, p.now, p.original)).toBeGreaterThanOrEqual(0);
    }));
  });

  it("another team's global decimal.js settings do not change our prices", () => {
    const saved = { precision: Decimal.precision, rounding: Decimal.rounding };
    try {
      Decimal.set({ precision: 2, rounding: Decimal.ROUND_DOWN });
      expect(payableCents(10040, 730, 800)).toBe(9162);
    } finally {
      Decimal.set(saved);
    }
  });

  it("an amount is chargeable exactly when its payable is at least one cent, and then for its payable", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000 }), priceCents, priceCents, (a, now, original) => {
      const payable = payableCents(a, now, original);
      expect(chargeableCents(a, now, original)).toEqual(payable >= 1 ? Result.succeed(payable) : Result.fail(expect.objectContaining({ _tag: "AmountNotPositive" })));
    }));
  });

  it("chargeableQuote is the quote of every chargeable amount and the same refusal as chargeableCents otherwise (what the form shows is what the server charges)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), priceCents, priceCents, (a, now, original) => {
      const charged = chargeableCents(a, now, original);
      const shown = chargeableQuote(a as never, now, original);
      if (Result.isSuccess(charged)) {
        expect(shown).toEqual(Result.succeed(quote(a as never, now, original)));
        if (Result.isSuccess(shown)) expect(shown.success.payable).toBe(charged.success);
      } else {
        expect(Result.isFailure(shown) && shown.failure._tag).toBe("AmountNotPositive");
      }
    }));
  });

  it("cardPrice: a virtual card at the virtual cards' price, every other card type at the entity cards'", () => {
    const cardType = fc.constantFrom(...(Object.keys(CARD_TYPE_CODES) as CardType[]));
    fc.assert(fc.property(cardType, priceCents, priceCents, (type, virtual, entity) => {
      expect(cardPrice(type, { virtual, entity })).toBe(type === "virtual" ? virtual : entity);
    }));
  });
});
