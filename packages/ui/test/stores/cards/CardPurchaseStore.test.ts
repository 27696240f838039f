import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { Money, Pricing } from "@fuel/domain";
import { amountCents } from "@fuel/domain/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CARD_PURCHASE_KEY } from "../../../src/stores/cards/CardPurchaseStore.ts";
import { cardsApp } from "./fixtures.ts";

const OVER_5000 = "single amount cannot exceed 5000 yuan";
const TOO_MANY_DIGITS = "the amount has more than 4 digits before the decimal point";

const heartcard = async (options: Parameters<typeof cardsApp>[0] = {}) => {
  const root = cardsApp(options);
  await root.purchase.open();
  return root;
};

/** Types `text` one keystroke at a time, as the input does. */
const type = (root: Awaited<ReturnType<typeof heartcard>>, text: string) => {
  for (let i = 1; i <= text.length; i++) root.purchase.setAmount(text.slice(0, i));
};

describe("CardPurchaseStore: the amount of /heartcard (spec §5)", () => {
  it("a 5th digit of yuan is kept and said at once: 'at most 4 digits', nothing to pay (issue 25)", async () => {
    const root = await heartcard();
    type(root, "12345");
    expect(root.purchase.amountText).toBe("12345");
    expect(root.purchase.amountError).toBe(TOO_MANY_DIGITS);
    expect(root.purchase.quote).toBeUndefined();
    expect(root.purchase.checkoutOrder()).toBeUndefined();
  });

  it("a pasted 12345 is kept whole, not emptied or cut", async () => {
    const root = await heartcard();
    root.purchase.setAmount("12345");
    expect(root.purchase.amountText).toBe("12345");
    expect(root.purchase.request).toBeUndefined();
  });

  it("decimals after 4 digits are fine", async () => {
    const root = await heartcard();
    type(root, "1234.56");
    expect(root.purchase.amountText).toBe("1234.56");
  });

  it("leading zeros are not digits of the amount", async () => {
    const root = await heartcard();
    type(root, "01234");
    expect(root.purchase.amountText).toBe("01234");
  });

  it.each([
    ["5000", undefined],
    ["5000.01", OVER_5000],
    ["", "amount cannot be empty"],
    ["0", "amount must be more than 0"],
    ["12.345", "amount can have at most 2 decimal places"],
  ])("%s yuan -> %s", async (amount, message) => {
    const root = await heartcard();
    root.purchase.setAmount(amount);
    root.purchase.touch();
    expect(root.purchase.amountError).toBe(message);
  });

  it("'single amount cannot exceed 5000 yuan' in zh-CN", async () => {
    const root = await heartcard({ locale: "zh-CN" });
    root.purchase.setAmount("5000.01");
    root.purchase.touch();
    expect(root.purchase.amountError).toBe("单笔金额不能超过5000元");
  });

  it("messages wait until the field is left or pay is tapped", async () => {
    const root = await heartcard();
    root.purchase.setAmount("5000.01");
    expect(root.purchase.amountError).toBeUndefined();
    expect(root.purchase.checkoutOrder()).toBeUndefined();
    expect(root.purchase.amountError).toBe(OVER_5000);
  });
});

describe("CardPurchaseStore: the price (spec §9: 4.61 a litre, 0.5 off)", () => {
  it("shows the page's fixed figures", async () => {
    const root = await heartcard();
    expect(root.purchase.pagePrice).toEqual({ priceYuan: "4.61", discountPerLitreYuan: "0.5" });
  });

  it("the payable is Pricing.cardPurchaseQuote for any amount up to 5000 yuan", async () => {
    const root = await heartcard();
    fc.assert(
      fc.property(amountCents(5_000), (amount) => {
        root.purchase.setAmount(Money.formatCents(amount));
        expect(root.purchase.quote).toEqual(Pricing.cardPurchaseQuote(amount));
      }),
      { numRuns: 80 },
    );
  });
});

describe("CardPurchaseStore: the phone", () => {
  it("comes from the profile", async () => {
    const root = await heartcard();
    expect(root.purchase.phone).toBe("13800138000");
  });

  it("a wrong one reads 'enter a correct phone number' and nothing is bought", async () => {
    const root = await heartcard();
    root.purchase.setAmount("100");
    root.purchase.setPhone("1380013");
    expect(root.purchase.checkoutOrder()).toBeUndefined();
    expect(root.purchase.phoneError).toBe("enter a correct phone number");
  });

  it("amount and phone survive a reload of the tab", async () => {
    const tab = new MemoryKeyValueStore();
    const before = await heartcard({ ports: { tabValues: tab } });
    before.purchase.setAmount("800");
    before.purchase.setPhone("13900139000");
    const after = await heartcard({ ports: { tabValues: tab } });
    expect(after.purchase.request).toEqual(before.purchase.request);
    expect(after.purchase.request?.phone).toBe("13900139000");
  });
});

describe("CardPurchaseStore: what /heartcard kept in tabValues is read back only in its shape", () => {
  const kept = (raw: string) => {
    const root = cardsApp({ ports: { tabValues: new MemoryKeyValueStore({ [CARD_PURCHASE_KEY]: raw }) } });
    return { amountText: root.purchase.amountText, phone: root.purchase.phone };
  };

  it("amount and phone of the shape are read back", () => {
    expect(kept(JSON.stringify({ amountText: "800", phone: "13900139000" }))).toEqual({ amountText: "800", phone: "13900139000" });
  });

  it("keys it does not know are ignored", () => {
    expect(kept(JSON.stringify({ amountText: "800", phone: "13900139000", amount: 80_000 }))).toEqual({ amountText: "800", phone: "13900139000" });
  });

  it.each([
    ["corrupt JSON", "{amountText:800"],
    ["an amount as a number", JSON.stringify({ amountText: 800, phone: "13900139000" })],
    ["an older shape (the amount in cents, no text)", JSON.stringify({ amount: 80_000, phone: "13900139000" })],
    ["JSON that is no object", "[]"],
  ])("%s starts afresh, without an error", (_, raw) => {
    expect(kept(raw)).toEqual({ amountText: "", phone: "" });
  });
});
