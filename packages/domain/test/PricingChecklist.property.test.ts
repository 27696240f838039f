import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardPurchasePrices, cardPurchaseQuote, cardPurchaseSaving, cardRechargeSaving, quote, savingAgainst } from "../src/Pricing.ts";
import { amountCents, discountedPrices, priceCents } from "../src/testing/arbitraries.ts";

/** Issue 25: the checklist reads 'litres x our price'; these pin that the figures agree as read. */
describe("Pricing.quote reads as litres x our price", () => {
  it("litres x our price is the payable within a cent, for every price up to 10 yuan a litre", () => {
    fc.assert(
      fc.property(amountCents(), discountedPrices.filter((p) => p.original <= 1_000), (a, p) => {
        const q = quote(a, p.now, p.original);
        const product = new Decimal(q.litres).mul(q.nowPrice);
        expect(product.minus(q.payable).abs().toNumber()).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2_000 },
    );
  });

  it("litres x our price is within half a cent plus half a millilitre's price of the payable, at any price", () => {
    fc.assert(
      fc.property(amountCents(), discountedPrices, (a, p) => {
        const q = quote(a, p.now, p.original);
        const bound = new Decimal(0.5).plus(new Decimal(p.now).mul("0.0005"));
        expect(new Decimal(q.litres).mul(q.nowPrice).minus(q.payable).abs().lte(bound)).toBe(true);
      }),
    );
  });

  it("litres x pump price is the amount, and litres x the saving per litre the saving, within the same bound", () => {
    fc.assert(
      fc.property(amountCents(), discountedPrices, (a, p) => {
        const q = quote(a, p.now, p.original);
        const l = new Decimal(q.litres);
        expect(l.mul(q.originalPrice).minus(a).abs().lte(new Decimal(q.originalPrice).mul("0.0005"))).toBe(true);
        expect(l.mul(q.discountPerLitre).minus(q.saving).abs().lte(new Decimal(q.originalPrice).mul("0.0005").plus(0.5))).toBe(true);
      }),
    );
  });

  it("the quote carries the prices it was computed at, and the saving per litre is pump less ours", () => {
    fc.assert(
      fc.property(amountCents(), discountedPrices, (a, p) => {
        const q = quote(a, p.now, p.original);
        expect([q.nowPrice, q.originalPrice, q.discountPerLitre]).toEqual([p.now, p.original, p.original - p.now]);
      }),
    );
  });

  it("the card-purchase quote reads 'litres x 4.61' to the cent", () => {
    fc.assert(
      fc.property(amountCents(5_000), (a) => {
        const q = cardPurchaseQuote(a);
        expect(new Decimal(q.litres).mul(q.nowPrice).minus(q.payable).abs().toNumber()).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("Pricing.savingAgainst: a saving always names its base", () => {
  it("the saving per litre is base less price, with the base and both prices kept", () => {
    fc.assert(
      fc.property(priceCents, priceCents, fc.constantFrom("pump" as const, "national" as const, "list" as const), (price, basePrice, base) => {
        expect(savingAgainst(price, base, basePrice)).toEqual({ price, base, basePrice, perLitre: basePrice - price });
      }),
    );
  });

  it("a card top-up's saving is measured from the pump price its payable is computed from, and agrees with the quote", () => {
    fc.assert(
      fc.property(amountCents(5_000), discountedPrices, (a, p) => {
        const s = cardRechargeSaving(p.now, p.original);
        expect(s.base).toBe("pump");
        expect(s.perLitre).toBe(quote(a, p.now, p.original).discountPerLitre);
      }),
    );
  });

  it("the card-purchase page's saving is spec §9's 0.50 off 4.61, from its 5.11 list price, the quote's prices", () => {
    const { nowPrice, originalPrice } = cardPurchasePrices();
    expect(cardPurchaseSaving()).toEqual({ price: 461, base: "list", basePrice: 511, perLitre: 50 });
    expect([nowPrice, originalPrice]).toEqual([461, 511]);
  });

  it("refuses a price that is not whole cents rather than show a wrong saving", () => {
    expect(() => savingAgainst(7.5, "pump", 800)).toThrow(RangeError);
    expect(() => savingAgainst(700, "national", -1)).toThrow(RangeError);
  });
});
