import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { describe, expect, it } from "vitest";
import { I18nStore, LOCALE_KEY, localeForBrowser } from "../../src/i18n/I18nStore.ts";
import { uiCatalogue } from "../../src/i18n/catalogue.ts";

describe("I18nStore", () => {
  it("speaks Chinese to a Chinese browser and English to others (DESIGN §2)", () => {
    expect(localeForBrowser(["zh-CN", "en"])).toBe("zh-CN");
    expect(localeForBrowser(["zh-TW"])).toBe("zh-CN");
    expect(localeForBrowser(["en-US", "de"])).toBe("en");
    expect(localeForBrowser([])).toBe("en");
  });

  it("remembers the language chosen in /setting over the browser's", () => {
    const preferences = new MemoryKeyValueStore();
    new I18nStore(preferences, ["zh-CN"]).setLocale("en");
    expect(preferences.get(LOCALE_KEY)).toBe("en");
    expect(new I18nStore(preferences, ["zh-CN"]).locale).toBe("en");
  });

  it("words the domain's messages in the spec's English and in Chinese", () => {
    const i18n = new I18nStore(new MemoryKeyValueStore(), ["en"]);
    expect(i18n.t("LocationFailed")).toBe("failed to get location");
    i18n.setLocale("zh-CN");
    expect(i18n.t("LocationFailed")).toBe("获取定位失败");
  });

  it("has every UI text in both languages, none empty", () => {
    const keys = Object.keys(uiCatalogue.en);
    expect(Object.keys(uiCatalogue["zh-CN"]).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(uiCatalogue.en[key as keyof typeof uiCatalogue.en]).not.toBe("");
      expect(uiCatalogue["zh-CN"][key as keyof typeof uiCatalogue.en]).not.toBe("");
    }
  });
});
