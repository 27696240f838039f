import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { I18nStore } from "../../src/i18n/I18nStore.ts";
import { timeLeftText } from "../../src/i18n/timeLeft.ts";

const i18n = (locale: Messages.Locale) => new I18nStore(new MemoryKeyValueStore(), [locale]);

describe("a countdown reads as time left, never as a clock time (issue 25)", () => {
  it.each([
    ["en", 872, "14 min 32 s left"],
    ["zh-CN", 872, "剩余 14分32秒"],
    ["en", 45, "45 s left"],
    ["zh-CN", 45, "剩余 45秒"],
    ["en", 60, "1 min 0 s left"],
    ["zh-CN", 0, "剩余 0秒"],
  ] as const)("%s: %i seconds to pay read '%s'", (locale, seconds, text) => {
    const t = i18n(locale);
    expect(t.t("ordersCountdown", { time: timeLeftText(seconds, t) })).toBe(text);
  });

  it.each([
    ["en", 48 * 3_600 - 55, "Valid for 47 h 59 min"],
    ["zh-CN", 48 * 3_600 - 55, "有效期还剩 47小时59分"],
  ] as const)("%s: a QR code's 48 h read in hours and minutes", (locale, seconds, text) => {
    const t = i18n(locale);
    expect(t.t("ordersQrValidFor", { time: timeLeftText(seconds, t) })).toBe(text);
  });

  it.each(["en", "zh-CN"] as const)("%s: no countdown text looks like a clock (no digits:digits)", (locale) => {
    const t = i18n(locale);
    for (const seconds of [0, 1, 59, 61, 599, 872, 3_599, 3_600, 172_799]) {
      expect(timeLeftText(seconds, t)).not.toMatch(/\d:\d/);
    }
  });
});
