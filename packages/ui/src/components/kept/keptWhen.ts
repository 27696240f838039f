import { Time } from "@fuel/domain";
import type { I18nStore } from "../../i18n/I18nStore.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a kept copy was answered, as short as still unambiguous, in China time like every time
 * the app shows (components/orders/format.ts): "14:05" today, "yesterday 14:05", "11-20 14:05"
 * this year, "2025-11-20 14:05" before.
 */
export const keptWhen = (savedAt: number, now: number, i18n: Pick<I18nStore, "t">): string => {
  const saved = Time.formatChinaIso(savedAt);
  const time = saved.slice(11, 16);
  const day = saved.slice(0, 10);
  if (day === Time.formatChinaIso(now).slice(0, 10)) return time;
  if (day === Time.formatChinaIso(now - DAY_MS).slice(0, 10)) return i18n.t("keptYesterday", { time });
  return `${day.slice(0, 4) === Time.formatChinaIso(now).slice(0, 4) ? day.slice(5) : day} ${time}`;
};
