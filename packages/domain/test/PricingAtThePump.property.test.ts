import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cents } from "../src/Money.ts";
import { atThePump, litres, payableCents, quote } from "../src/Pricing.ts";
import { amountCents, discountedPrices } from "../src/testing/arbitraries.ts";

/**
 * Issue 34 item 1: the cashier sets the pump to the order's amount, not to what was paid. The desk's
 * look-up (server) and redeem screen (desk) read the pump amount, litres and saving from this one
 * function.
 */
describe("Pricing.atThePump properties (issue 34)", () => {
  it("for an order priced by the quote and paid its payable: the pump amount is the order's, the litres and saving are the quote's", () => {
    fc.assert(
      fc.property(amountCents(), discountedPrices, (amount, p) => {
        const priced = quote(amount, p.now, p.original);
        const reading = atThePump(amount, priced.payable, p.original);
        expect(reading.pumpAmount).toBe(amount);
        expect(reading.litres).toBe(priced.litres);
        expect(reading.saving).toBe(priced.saving);
        expect(reading.paid + reading.saving).toBe(amount);
      }),
    );
  });

  it("paid and saved always add up to the pump amount, whatever was paid", () => {
    fc.assert(
      fc.property(amountCents(), amountCents(), (amount, paid) => {
        const reading = atThePump(amount, paid, 751);
        expect(reading.paid + reading.saving).toBe(reading.pumpAmount);
      }),
    );
  });

  it("without a positive pump price there are no litres, never a wrong figure", () => {
    fc.assert(
      fc.property(amountCents(), fc.constantFrom(null, 0, -751, 7.51, Number.NaN), (amount, price) => {
        const reading = atThePump(amount, amount, price);
        expect(reading.litres).toBeNull();
        expect(reading.pumpPrice).toBeNull();
      }),
    );
  });
});

describe("Pricing.atThePump", () => {
  it("a 200-yuan order at a pump price of 7.51 paid 188.55 at 7.08: ¥200.00 into the pump, 26.631 L, 11.45 saved", () => {
    const paid = payableCents(20_000, 708, 751);
    expect(paid).toBe(18_855);
    expect(atThePump(20_000 as Cents, paid, 751)).toEqual({ pumpAmount: 20_000, pumpPrice: 751, litres: "26.631", paid: 18_855, saving: 1_145 });
    expect(litres(20_000, 751)).toBe("26.631");
  });
});
