import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardStatusLabel } from "../../src/i18n/cardStatus.ts";
import { I18nStore } from "../../src/i18n/I18nStore.ts";

const i18n = (locale: Messages.Locale) => new I18nStore(new MemoryKeyValueStore(), [locale]);

describe("a card's status in the customer's words (issue 25)", () => {
  it.each([
    ["normal", "active", "正常"],
    ["frozen", "frozen", "已冻结"],
    [" Frozen ", "frozen", "已冻结"],
    ["lost", "reported lost", "已挂失"],
    ["cancelled", "cancelled", "已注销"],
    ["expired", "expired", "已过期"],
  ])("'%s' reads '%s' / '%s'", (status, en, zh) => {
    expect(cardStatusLabel(status, i18n("en"))).toBe(en);
    expect(cardStatusLabel(status, i18n("zh-CN"))).toBe(zh);
  });

  it("a status we have no word for reads as it came in en, 'other' in zh-CN, and a Chinese one as it came", () => {
    expect(cardStatusLabel("suspended", i18n("en"))).toBe("suspended");
    expect(cardStatusLabel("suspended", i18n("zh-CN"))).toBe("其他");
    expect(cardStatusLabel("待激活", i18n("zh-CN"))).toBe("待激活");
    expect(cardStatusLabel("  ", i18n("zh-CN"))).toBe("未知");
  });

  it("zh-CN: whatever status the distributor sends, no Latin word is shown", () => {
    // The names every object has were a crash once (found by this property): they are strings too.
    const objectNames = [["__proto__"], ["constructor"], ["toString"], ["hasOwnProperty"]] as [string][];
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (status) => {
        expect(cardStatusLabel(status, i18n("zh-CN"))).not.toMatch(/[A-Za-z]{2,}/);
      }),
      { examples: objectNames },
    );
    for (const [name] of objectNames) expect(cardStatusLabel(name, i18n("en"))).toBe(name);
  });
});
