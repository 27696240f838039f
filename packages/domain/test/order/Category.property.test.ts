import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categoryOf, isOrderCategory, ORDER_CATEGORIES } from "../../src/order/Category.ts";
import { CARD_TYPE_CODES } from "../../src/order/Kinds.ts";

const marks = fc.record({
  kind: fc.constantFrom("fuel" as const, "recharge" as const),
  cardType: fc.oneof(fc.constant(null), fc.constantFrom(...Object.values(CARD_TYPE_CODES)), fc.integer({ min: 4, max: 9 })),
  issuesCard: fc.boolean(),
});

describe("Order.categoryOf, for every order's marks", () => {
  it("every order falls in exactly one listed category", () => {
    fc.assert(fc.property(marks, (m) => {
      expect(ORDER_CATEGORIES).toContain(categoryOf(m));
      expect(isOrderCategory(categoryOf(m))).toBe(true);
    }));
  });

  it("fuel is fuel whatever else it carries; a purchase is a purchase whatever its card type", () => {
    fc.assert(fc.property(marks, (m) => {
      if (m.kind === "fuel") expect(categoryOf(m)).toBe("fuel");
      else if (m.issuesCard) expect(categoryOf(m)).toBe("cardPurchase");
      else expect(categoryOf(m)).not.toBe("cardPurchase");
    }));
  });

  it("a recharge reads its card type", () => {
    expect(categoryOf({ kind: "recharge", cardType: CARD_TYPE_CODES.entity, issuesCard: false })).toBe("entityRecharge");
    expect(categoryOf({ kind: "recharge", cardType: CARD_TYPE_CODES.virtual, issuesCard: false })).toBe("virtualRecharge");
    expect(categoryOf({ kind: "recharge", cardType: CARD_TYPE_CODES.topUpReplacement, issuesCard: false })).toBe("topUpReplacement");
    expect(isOrderCategory("__proto__")).toBe(false);
  });
});
