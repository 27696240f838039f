import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "../src/Money.ts";
import { cardType } from "../src/testing/orders.ts";
import { validateRechargeDraft, type RechargeDraft } from "../src/Validation.ts";

const base: RechargeDraft<number> = {
  gasType: "0#",
  cardType: "entity",
  lastNumber: "7654321",
  amount: cents(10_000),
  phone: "13912345678",
  stationId: 12,
};

const digits = (min: number, max: number) => fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

describe("Validation.validateRechargeDraft, for every card type, amount and card number", () => {
  it("an amount is accepted exactly when 1 cent <= amount <= 5000 yuan, whatever the card type", () => {
    fc.assert(
      fc.property(cardType, fc.integer({ min: 0, max: 2_000_000 }), (type, amount) => {
        expect(Result.isSuccess(validateRechargeDraft({ ...base, cardType: type, amount: cents(amount) }))).toBe(amount >= 1 && amount <= 500_000);
      }),
    );
  });

  it("on the card page an amount is accepted exactly when 1 cent <= amount <= 10000 yuan; above, the customer is sent to the distributor", () => {
    fc.assert(
      fc.property(cardType, fc.integer({ min: 1, max: 3_000_000 }), (type, amount) => {
        const result = validateRechargeDraft({ ...base, cardType: type, amount: cents(amount), page: "cardPage" });
        if (amount <= 1_000_000) expect(Result.isSuccess(result)).toBe(true);
        else expect(Result.isFailure(result) && result.failure._tag).toBe("ContactDistributor");
      }),
    );
  });

  it("a card number of digits is accepted exactly when it has 7 of them", () => {
    fc.assert(
      fc.property(digits(1, 20), (last) => {
        expect(Result.isSuccess(validateRechargeDraft({ ...base, lastNumber: last }))).toBe(last.length === 7);
      }),
    );
  });

  it("a refused draft is refused with a tag the message catalogue words, and an accepted one keeps the amount", () => {
    fc.assert(
      fc.property(cardType, fc.integer({ min: 0, max: 2_000_000 }), fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (type, amount, last, phone) => {
        const result = validateRechargeDraft({ ...base, cardType: type, amount: cents(amount), lastNumber: last, phone });
        if (Result.isSuccess(result)) expect(result.success.amount).toBe(amount);
        else
          expect([
            "CardNumberEmpty",
            "CardNumberInvalid",
            "AmountNotPositive",
            "AmountAboveLimit",
            "PhoneInvalid",
          ]).toContain(result.failure._tag);
      }),
    );
  });
});
