import type { I18nStore } from "./I18nStore.ts";
import type { TextKey } from "./catalogue.ts";

/**
 * The distributor's status of a card (spec §3 `status`, passed through as it sends it: 'normal',
 * 'frozen'...) in the customer's words. The words a distributor uses are matched without case or
 * surrounding spaces; a status we have no word for reads as it came in an en session, and as
 * 'other' in zh-CN where it is not already Chinese (issue 25: no 'frozen' in a Chinese screen).
 */
// A Map, not an object: the status is the distributor's text, and '__proto__' is a string too.
const KNOWN: ReadonlyMap<string, TextKey> = new Map([
  ["normal", "cards.statusNormal"],
  ["active", "cards.statusNormal"],
  ["frozen", "cards.statusFrozen"],
  ["lost", "cards.statusLost"],
  ["cancelled", "cards.statusCancelled"],
  ["canceled", "cards.statusCancelled"],
  ["expired", "cards.statusExpired"],
]);

export const cardStatusLabel = (status: string, i18n: Pick<I18nStore, "t" | "locale">): string => {
  const key = KNOWN.get(status.trim().toLowerCase());
  if (key !== undefined) return i18n.t(key);
  if (status.trim() === "") return i18n.t("cards.statusUnknown");
  return i18n.locale === "en" || !/[A-Za-z]{2,}/.test(status) ? status.trim() : i18n.t("cards.statusOther");
};
