import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { rechargeCardTitle } from "../../src/components/orders/rechargeCard.ts";
import { I18nStore } from "../../src/i18n/I18nStore.ts";

const i18n = (locale: Messages.Locale) => new I18nStore(new MemoryKeyValueStore(), [locale]);
const card = (cardNumber: string | undefined, lastNumber: string | undefined) => ({ _tag: "Card" as const, type: "entity" as const, cardNumber, lastNumber });

describe("a recharge order names its card in real digits, never '····' (issue 25)", () => {
  it.each([
    ["en", "Fuel card 1000111234567", "Fuel card ending 1234567", "Fuel card ending 4321"],
    ["zh-CN", "加油卡 1000111234567", "加油卡 尾号1234567", "加油卡 尾号4321"],
  ] as const)("%s: the whole number when sent whole, else its last digits", (locale, whole, ending, masked) => {
    expect(rechargeCardTitle(card("1000111234567", "1234567"), i18n(locale))).toBe(whole);
    expect(rechargeCardTitle(card(undefined, "1234567"), i18n(locale))).toBe(ending);
    expect(rechargeCardTitle(card("*********4321", "4321"), i18n(locale))).toBe(masked);
  });

  it.each(["en", "zh-CN"] as const)("%s: no middle dot in any title", (locale) => {
    for (const c of [card("1000111234567", "1234567"), card(undefined, "1234567"), card("*********4321", "4321"), card(undefined, undefined)]) {
      expect(rechargeCardTitle(c, i18n(locale))).not.toMatch(/\u00b7/);
    }
  });
});
