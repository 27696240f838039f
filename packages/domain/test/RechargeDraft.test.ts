import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { cents } from "../src/Money.ts";
import { describe as describeError } from "../src/Messages.ts";
import { validateRechargeDraft, type RechargeDraft } from "../src/Validation.ts";

const draft: RechargeDraft<number> = {
  gasType: "0#",
  cardType: "entity",
  lastNumber: "7654321",
  amount: cents(10_000),
  phone: "13912345678",
  stationId: 12,
};

/** The English text the draft is refused with, or "ok". */
const refusal = (d: RechargeDraft<number>): string => {
  const result = validateRechargeDraft(d);
  return Result.isSuccess(result) ? "ok" : describeError(result.failure);
};

describe("Validation.validateRechargeDraft: the recharge draft rules (spec §3, §5)", () => {
  it("a complete draft passes with its fields as stored", () => {
    expect(validateRechargeDraft({ ...draft, lastNumber: " 765 4321 " })).toEqual(
      Result.succeed({ gasType: "0#", lastNumber: "7654321", amount: 10_000, phone: "13912345678", stationId: 12 }),
    );
  });

  it("the entity-recharge page stops at 5000 yuan; the card page at 10000 yuan, then sends the customer to the distributor", () => {
    expect(refusal({ ...draft, amount: cents(500_000) })).toBe("ok");
    expect(refusal({ ...draft, amount: cents(500_001) })).toBe("single amount cannot exceed 5000 yuan");
    expect(refusal({ ...draft, amount: cents(500_001), page: "cardPage" })).toBe("ok");
    expect(refusal({ ...draft, amount: cents(1_000_000), page: "cardPage" })).toBe("ok");
    expect(refusal({ ...draft, amount: cents(1_000_001), page: "cardPage" })).toBe("amounts over 10000 yuan: please contact your distributor");
    expect(refusal({ ...draft, amount: cents(0), page: "cardPage" })).toBe("amount must be more than 0");
  });

  it("a card named by reference carries the 4 to 7 digits shown (issue 22); typed, exactly 7", () => {
    expect(refusal({ ...draft, lastNumber: "4321", byReference: true })).toBe("ok");
    expect(refusal({ ...draft, lastNumber: "7654321", byReference: true })).toBe("ok");
    expect(refusal({ ...draft, lastNumber: "321", byReference: true })).toBe("enter a correct card number");
    expect(refusal({ ...draft, lastNumber: "87654321", byReference: true })).toBe("enter a correct card number");
    expect(refusal({ ...draft, lastNumber: "", byReference: true })).toBe("card number cannot be empty");
    expect(refusal({ ...draft, lastNumber: "4321" })).toBe("enter a correct card number");
  });

  it("only diesel 0# can be recharged for", () => {
    expect(refusal({ ...draft, gasType: "92#" })).toBe("only diesel 0# can be bought");
  });

  it("an empty card number is refused with 'card number cannot be empty'", () => {
    expect(refusal({ ...draft, lastNumber: "  " })).toBe("card number cannot be empty");
  });

  it("the card number is exactly the last 7 digits", () => {
    expect(refusal({ ...draft, lastNumber: "654321" })).toBe("enter a correct card number");
    expect(refusal({ ...draft, lastNumber: "87654321" })).toBe("enter a correct card number");
    expect(refusal({ ...draft, lastNumber: "765432a" })).toBe("enter a correct card number");
  });

  it("an amount of zero is not more than 0: 'amount must be more than 0' (issue 25: not 'cannot be empty')", () => {
    expect(refusal({ ...draft, amount: cents(0) })).toBe("amount must be more than 0");
  });

  it("an entity card takes at most 5000 yuan", () => {
    expect(refusal({ ...draft, amount: cents(500_000) })).toBe("ok");
    expect(refusal({ ...draft, amount: cents(500_001) })).toBe("single amount cannot exceed 5000 yuan");
  });

  it("a top-up replacement card takes at most 5000 yuan, as an entity card", () => {
    expect(validateRechargeDraft({ ...draft, cardType: "topUpReplacement", amount: cents(500_001) })).toEqual(
      validateRechargeDraft({ ...draft, cardType: "entity", amount: cents(500_001) }),
    );
  });

  it("a virtual card takes at most 5000 yuan, refused in the card-purchase page's words", () => {
    const over = validateRechargeDraft({ ...draft, cardType: "virtual", amount: cents(500_001) });
    expect(Result.isFailure(over) && over.failure).toMatchObject({ _tag: "AmountAboveLimit", page: "cardPurchase", limitYuan: 5000 });
  });

  it("a wrong phone is refused", () => {
    expect(refusal({ ...draft, phone: "1391234567" })).toBe("enter a correct phone number");
  });

  it("a second phone is optional, but checked when given", () => {
    expect(refusal({ ...draft, secondPhone: "" })).toBe("ok");
    expect(refusal({ ...draft, secondPhone: "13812345678" })).toBe("ok");
    expect(refusal({ ...draft, secondPhone: "12" })).toBe("enter a correct phone number");
  });

  it("a station must be selected: 'select a station first'", () => {
    expect(refusal({ ...draft, stationId: null })).toBe("select a station first");
    expect(refusal({ ...draft, stationId: undefined })).toBe("select a station first");
  });

  it("the first broken rule, in the order a customer fixes them, is the one reported", () => {
    expect(refusal({ ...draft, lastNumber: "", amount: cents(0), phone: "", stationId: null })).toBe("card number cannot be empty");
    expect(refusal({ ...draft, amount: cents(0), phone: "", stationId: null })).toBe("amount must be more than 0");
    expect(refusal({ ...draft, phone: "", stationId: null })).toBe("enter a correct phone number");
  });
});
