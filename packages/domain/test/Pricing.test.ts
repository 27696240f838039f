import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { describe as describe_ } from "../src/Messages.ts";
import { CARD_PURCHASE_PAGE, cardPurchasePrices, cardPurchaseQuote, chargeableCents, discountPerLitre, drop, litres, payableCents, quote, savingCents } from "../src/Pricing.ts";
import { cents } from "../src/Money.ts";

describe("Pricing", () => {
  it("payable rounds half-up to the cent: 10040 x 7.30 / 8.00 = 9161.5 -> 9162", () => {
    expect(payableCents(10040, 730, 800)).toBe(9162);
  });

  it("payable rounds down below the half cent", () => {
    // 10039 x 730 / 800 = 9160.5875 -> 9161; 10033 x 730 / 800 = 9155.1125 -> 9155
    expect(payableCents(10039, 730, 800)).toBe(9161);
    expect(payableCents(10033, 730, 800)).toBe(9155);
  });

  it("payable equals amount when there is no discount", () => {
    expect(payableCents(12345, 800, 800)).toBe(12345);
  });

  it("discount per litre is original minus now", () => {
    expect(discountPerLitre(800, 730)).toBe(70);
  });

  it("drop is national minus original", () => {
    expect(drop(850, 800)).toBe(50);
  });

  it("litres are amount / original with three decimals, half-up", () => {
    expect(litres(10000, 800)).toBe("12.500");
    expect(litres(10040, 800)).toBe("12.550");
    expect(litres(1, 3000)).toBe("0.000");
    expect(litres(1, 2000)).toBe("0.001");
    expect(litres(50_000, 751)).toBe("66.578");
  });

  it("saving is amount minus payable", () => {
    expect(savingCents(10040, 730, 800)).toBe(10040 - 9162);
  });

  it("quote gathers the figures the order page shows", () => {
    expect(quote(cents(10040), 730, 800)).toEqual({ amount: 10040, payable: 9162, saving: 878, litres: "12.550", discountPerLitre: 70, nowPrice: 730, originalPrice: 800 });
  });

  it("refuses a zero original price instead of dividing by zero", () => {
    expect(() => payableCents(100, 730, 0)).toThrow(RangeError);
  });

  it("refuses a fractional amount", () => {
    expect(() => payableCents(100.5, 730, 800)).toThrow(RangeError);
  });

  it("the card-purchase page figures are the spec's 4.61 and 0.5 yuan per litre", () => {
    expect(CARD_PURCHASE_PAGE).toEqual({ priceYuan: "4.61", discountPerLitreYuan: "0.5" });
  });

  it("the card-purchase page prices 4.61 a litre with 0.5 off: now 461, pump 511 cents a litre", () => {
    expect(cardPurchasePrices()).toEqual({ nowPrice: 461, originalPrice: 511 });
  });

  it("buying a 1000-yuan card pays 1000 x 4.61 / 5.11 = 902.15 yuan (902.152... rounded half-up)", () => {
    expect(cardPurchaseQuote(cents(100_000))).toEqual({ amount: 100_000, payable: 90_215, saving: 9_785, litres: "195.695", discountPerLitre: 50, nowPrice: 461, originalPrice: 511 });
  });
});

describe("Pricing.chargeableCents: payable must be at least one cent (issue 4)", () => {
  it("charges the payable of an amount", () => {
    expect(chargeableCents(10_040, 730, 800)).toEqual(Result.succeed(9_162));
  });

  it("charges one cent when the payable rounds to exactly one cent", () => {
    expect(chargeableCents(1, 500, 800)).toEqual(Result.succeed(1));
  });

  it("refuses an amount whose payable rounds to nothing with 'amount must be more than 0'", () => {
    const result = chargeableCents(1, 300, 800);
    expect(Result.isFailure(result) && describe_(result.failure)).toBe("amount must be more than 0");
  });
});
