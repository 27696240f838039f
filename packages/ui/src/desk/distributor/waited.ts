import { Time } from "@fuel/domain";
import type { DeskI18n } from "../i18n/DeskI18n.ts";

/**
 * How long an order has waited since it was paid, as the distributor reads it ('waiting 2 h 5
 * min'): the split is the domain's (`Time.splitSeconds`), to the minute, since the list is read
 * again every few minutes, not every second. Empty when the payment time is unknown.
 */
export const waitedText = (paidAt: string | null, now: number, i18n: Pick<DeskI18n, "t">): string => {
  if (paidAt === null) return "";
  const paid = Time.parseWireInstant(paidAt);
  if (paid === undefined) return "";
  const waited = Time.splitSeconds((now - paid) / 1000);
  if (waited.hours > 0) return i18n.t("desk.distributor.waitedHours", { hours: waited.hours, minutes: waited.minutes });
  if (waited.minutes > 0) return i18n.t("desk.distributor.waitedMinutes", { minutes: waited.minutes });
  return i18n.t("desk.distributor.waitedMoment");
};
