import { Time } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { keptWhen } from "../../../src/components/kept/keptWhen.ts";
import { testRoot } from "../../support/render.tsx";

const NOW = Time.chinaInstant(2026, 11, 23, 10, 0);

describe.each([
  ["en", "yesterday 14:05"],
  ["zh-CN", "昨天 14:05"],
] as const)("keptWhen in %s", (locale, yesterday) => {
  const { i18n } = testRoot({ locale });
  it("says the time alone for today, China time", () => expect(keptWhen(Time.chinaInstant(2026, 11, 23, 0, 5), NOW, i18n)).toBe("00:05"));
  it("says yesterday for the day before", () => expect(keptWhen(Time.chinaInstant(2026, 11, 22, 14, 5), NOW, i18n)).toBe(yesterday));
  it("says month and day earlier this year", () => expect(keptWhen(Time.chinaInstant(2026, 11, 20, 14, 5), NOW, i18n)).toBe("11-20 14:05"));
  it("says the year before this one", () => expect(keptWhen(Time.chinaInstant(2025, 12, 31, 23, 59), NOW, i18n)).toBe("2025-12-31 23:59"));
});
