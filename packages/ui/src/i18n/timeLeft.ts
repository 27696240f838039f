import { Time } from "@fuel/domain";
import type { I18nStore } from "./I18nStore.ts";

/**
 * Seconds left as a person reads time left: '14 min 32 s' / '14分32秒', '45 s' / '45秒', and from
 * an hour on (a QR code's 48 h) hours and minutes. A countdown written '14:32' reads as a clock
 * time (issue 25); the split is the domain's (`Time.splitSeconds`), the words the catalogue's.
 */
export const timeLeftText = (seconds: number, i18n: Pick<I18nStore, "t">): string => {
  const left = Time.splitSeconds(seconds);
  if (left.hours > 0) return i18n.t("timeLeftHours", { hours: left.hours, minutes: left.minutes });
  if (left.minutes > 0) return i18n.t("timeLeftMinutes", { minutes: left.minutes, seconds: left.seconds });
  return i18n.t("timeLeftSeconds", { seconds: left.seconds });
};
